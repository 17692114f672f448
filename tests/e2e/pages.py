"""Small pages for the end-to-end tests, each exercising one worker behaviour."""

from __future__ import annotations

CSS = b"""
body { font-family: sans-serif; margin: 0; }
header { display: flex; gap: 16px; padding: 16px; background: #eee; }
.cards { display: flex; gap: 12px; padding: 16px; }
.card { width: 200px; padding: 12px; border: 1px solid #ccc; border-radius: 8px; }
button { padding: 8px 16px; }
"""

SIMPLE = {
    "index.html": b"""<!doctype html><html><head><title>Shop</title>
<link rel="stylesheet" href="css/site.css"></head>
<body><header><strong>Acme</strong><nav><a href="#">Home</a> <a href="#">Pricing</a></nav></header>
<main><h1>Plans for every team</h1><p>Pick the plan that fits; switch any time.</p>
<div class="cards"><div class="card"><h2>Free</h2><p>For individuals.</p><button>Start</button></div>
<div class="card"><h2>Pro</h2><p>For small teams.</p><button>Buy Pro</button></div></div></main>
<footer><p>Made by Acme</p></footer></body></html>""",
    "css/site.css": CSS,
}

EXTERNAL = {
    "index.html": b"""<!doctype html><html><head>
<link rel="stylesheet" href="https://cdn.example.com/theme.css">
<script src="https://cdn.example.com/analytics.js"></script></head>
<body><h1>External resources</h1>
<img src="https://images.example.com/hero.png" alt="Hero image" width="300" height="200">
<p>The CDN is blocked; the page still converts.</p></body></html>""",
}

INFINITE_LOOP = {
    "index.html": b"<!doctype html><html><body><h1>Spin</h1><script>while (true) {}</script></body></html>"
}

MEMORY_HOG = {
    "index.html": b"""<!doctype html><html><body><h1>Hog</h1><script>
const hoard = []; while (true) { hoard.push(new Array(1e6).fill(1.5)); }
</script></body></html>""",
}

HUGE_DOM = {
    "index.html": b"""<!doctype html><html><body><div id="root"></div><script>
const root = document.getElementById('root');
for (let i = 0; i < 60000; i++) { const d = document.createElement('div');
  d.textContent = 'row ' + i; root.appendChild(d); }
</script></body></html>""",
}

SLOW = {
    "index.html": b"""<!doctype html><html><body><h1>Slow but fine</h1><script>
const t = Date.now(); while (Date.now() - t < 3000) {}
document.body.insertAdjacentHTML('beforeend', '<p>Done waiting</p>');
</script></body></html>""",
}
