"""Placeholder entry point of the page (runs inside Pyodide via PyScript).

Checks that the app files from vendor/app.zip were unpacked (``import engine``), then tells
the page (and the e2e tests) that Python is ready. The UI will replace this file.
"""

from pyscript import document

import engine  # noqa: F401  (fails loudly if app.zip was not unpacked)

loading = document.getElementById("loading")
if loading:
    loading.remove()

status = document.createElement("div")
status.id = "status"
status.textContent = "Engine ready"
document.getElementById("app").append(status)

document.body.dataset.ready = "true"
