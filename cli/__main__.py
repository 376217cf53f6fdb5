from tajkit.cli.main import run

run()
