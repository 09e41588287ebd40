"""The plan's drawing model, shared by the screen (``vvlab.viz``, the widgets) and paper
(``vvlab.printing``), in any unit (pixels, millimetres); plain numpy, neither plotly
nor reportlab: :mod:`~vvlab.plan.geometry` (the one ``Box``, overlap and hit tests,
frames, lines side by side), :mod:`~vvlab.plan.scene` (labels placed without
overlaps), :mod:`~vvlab.plan.text` (how wide text is), :mod:`~vvlab.plan.names` (the
one name placer; its places in :mod:`~vvlab.plan.name_options`, placed again after an
edit by :mod:`~vvlab.plan.relabel`) and :mod:`~vvlab.plan.wagons` (the wagons).
"""
