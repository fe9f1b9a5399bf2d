from tilewright.cli import main

main()
