from texas42.cli import main

if __name__ == "__main__":  # not when a worker process started by --cluster local imports it
    main()
