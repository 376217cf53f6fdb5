"""Starting the web companion: the address (and with ``--lan`` the joining link as a QR code),
then uvicorn serving the app until Ctrl-C."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import typer

from tajkit.solver.errors import BadInput


def lan_address() -> str:
    """This machine's address on the local network (the route a phone on the same Wi-Fi takes)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def run(folder: Path, data: Path | None, port: int, lan: bool) -> None:
    import uvicorn

    from tajkit.cli.web.app import Companion, create_app

    if not folder.is_dir():
        raise BadInput(f"--folder {folder}: no such folder (the games' records are kept there)")
    companion = Companion(folder=folder.resolve(), data=data, lan=lan)
    host = "0.0.0.0" if lan else "127.0.0.1"
    config = uvicorn.Config(create_app(companion), host=host, port=port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    shown_host = lan_address() if lan else "127.0.0.1"

    def announce() -> None:
        bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
        link = f"http://{shown_host}:{bound}/" + (f"?token={companion.token}" if lan else "")
        typer.echo(link)
        typer.echo(f"tajkit serve: the games in {companion.folder}; Ctrl-C stops it", err=True)
        if lan:
            import segno

            typer.echo("Scan to join from a phone on the same network:", err=True)
            segno.make(link, error="m").terminal(out=sys.stderr, compact=True)

    original = server.startup

    async def startup(sockets=None) -> None:  # noqa: ANN001
        await original(sockets)
        announce()

    server.startup = startup  # type: ignore[method-assign]
    server.run()
