from tajkit.cli.start import run

run()
