from tilewright.console import main

main()
