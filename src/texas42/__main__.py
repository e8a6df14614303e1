from texas42.cli import main

main()
