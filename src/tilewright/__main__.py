"""``python -m tilewright``: the same as the ``tilewright`` command."""

from tilewright.console import main

if __name__ == "__main__":  # imported by tools that list modules, it must not run
    main()
