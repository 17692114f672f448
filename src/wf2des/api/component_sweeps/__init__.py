"""A project's component sweeps: dispatching ``wf2des.component_sweep.run`` through the outbox."""
