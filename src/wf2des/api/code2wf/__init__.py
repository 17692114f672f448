"""Code2WF generations: create, read, discover, result, materialization, retry, soft delete."""
