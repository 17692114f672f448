"""The login pages a browser shows: small, self-contained HTML, never cached, never framed, no referrer.

``Referrer-Policy: no-referrer`` matters: the login URL carries the write key, and without it the provider's
page (and anything it loads) would receive that URL in ``Referer``.
"""

from __future__ import annotations

import html
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse

__all__ = ["PAGE_HEADERS", "confirm_page", "cross_site", "dev_form", "form_page", "message_page"]

PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
    "frame-ancestors 'none'",
}

_STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#222}"
    "label{display:block;margin:.75rem 0 .25rem}"
    "input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}"
    "button{font:inherit;margin-top:1rem;padding:.5rem 1rem}"
    ".code{font:600 2rem/1.2 ui-monospace,monospace;letter-spacing:.1em;margin:1rem 0}"
)

_COMPARE = (
    "<p>Check that the wf2des plugin in Figma shows this code:</p><p class=code id=code>{code}</p>"
    "<p>Only continue if it does. If you did not start a sign-in from the plugin, close this page: "
    "someone else sent you this link to get access in your name.</p>"
)


def _page(title: str, body: str, status: int) -> HTMLResponse:
    document = (
        f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{html.escape(title)}</title>"
        f"<meta name=viewport content='width=device-width'><style>{_STYLE}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>{body}</body></html>"
    )
    return HTMLResponse(document, status_code=status, headers=PAGE_HEADERS)


def message_page(title: str, message: str, status: int = 200) -> HTMLResponse:
    return _page(title, f"<p>{html.escape(message)}</p>", status)


def cross_site(request: Request, api_url: str) -> bool:
    """True for a form POST another site made the browser send.

    ``Sec-Fetch-Site`` is set by the browser and cannot be forged by page code; our own forms send
    ``same-origin``. Without it (older browsers), an ``Origin`` other than ours refuses; ``null`` is what a
    form posted under ``Referrer-Policy: no-referrer`` sends, so it is allowed, and the one-time value the
    form carries (which a cross-site page cannot know) stays the protection.
    """
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site != "same-origin"
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return False
    ours, theirs = urlsplit(api_url), urlsplit(origin)
    return (theirs.scheme, theirs.netloc) != (ours.scheme, ours.netloc)


def form_page(
    title: str, paragraphs: list[str], action: str, fields: dict[str, str], button: str
) -> HTMLResponse:
    """A page of escaped paragraphs and one POST form of hidden fields."""
    body = "".join(f"<p>{html.escape(text)}</p>" for text in paragraphs)
    hidden = "".join(_hidden(name, value) for name, value in fields.items())
    body += f"<form method=post action='{html.escape(action, quote=True)}'>{hidden}"
    body += f"<button type=submit>{html.escape(button)}</button></form>"
    return _page(title, body, 200)


def _hidden(name: str, value: str) -> str:
    return f"<input type=hidden name={name} value='{html.escape(value, quote=True)}'>"


def confirm_page(code: str, confirm_key: str) -> HTMLResponse:
    """After the provider's sign-in: the code to compare and the one POST that releases the token."""
    body = (
        _COMPARE.format(code=html.escape(code))
        + "<form method=post action='/login/confirm'>"
        + _hidden("confirm", confirm_key)
        + "<button type=submit>The codes match: sign in</button></form>"
    )
    return _page("Confirm the sign-in", body, 200)


def dev_form(write_key: str, code: str, confirm_key: str) -> HTMLResponse:
    body = (
        _COMPARE.format(code=html.escape(code))
        + "<p>Development sign-in: choose the organization and subject of the token.</p>"
        "<form method=post action='/login/dev'>"
        + _hidden("session", write_key)
        + _hidden("confirm", confirm_key)
        + "<label for=organization>Organization id</label>"
        "<input id=organization name=organization required inputmode=numeric pattern='[0-9]{1,18}' value='1'>"
        "<label for=subject>Subject</label>"
        "<input id=subject name=subject required maxlength=255 value='dev-user'>"
        "<button type=submit>The codes match: sign in</button></form>"
    )
    return _page("Sign in to wf2des", body, 200)
