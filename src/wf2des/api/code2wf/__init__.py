"""Code2WF generations: create, read, discover, result, materialization, retry, soft delete, and the deadline
reaper that fails generations the workers never finished."""
