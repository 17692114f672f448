"""The ``wf2des.component_sweep.run`` task (orchestration lives in ``wf2des.sweep``)."""
