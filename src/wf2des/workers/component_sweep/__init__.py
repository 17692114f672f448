"""``component_sweep``: the ``wf2des.component_sweep.run`` task (``tasks``), its flow (``run``), and the
pure mapping from Figma answers to captures and component records (``captures``). ``wf2des sweep`` runs the
same flow in the foreground."""
