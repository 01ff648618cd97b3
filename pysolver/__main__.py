from pysolver.cli import main

main()
