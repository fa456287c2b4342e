"""The web replay viewer: a game list and a step-by-step viewer that draws each game's table.

`service.web.app` serves it beside the gRPC server (`frontier serve --http PORT`), reading games through
the same `Games` application; `service.web.offline` writes the same viewer for one match log as a single
self-contained HTML file (`frontier replay --html`). Every picture and narrative line is made from
the engines' own `view`/`redact` for one viewer, chosen as `service.core.views` chooses it.
"""
