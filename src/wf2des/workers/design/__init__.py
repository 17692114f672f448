"""``wf2des.design.generate``: one wireframe frame → a design spec built from the project's library."""
