"""Test data for the design step, built in code: REST-shaped library files and wireframe screens."""
