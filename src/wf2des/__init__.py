"""wf2des: turn a web page's code into an editable Figma wireframe."""

__version__ = "0.1.0"
