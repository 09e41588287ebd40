"""The plan's drawing model, shared by the screen (``vvlab.viz``, the widgets) and paper
(``vvlab.printing``): geometry in plan units and the wagons (a line's indicator boxes
and bonus) placed at the ends of the lines. Plain numpy: it imports neither plotly nor
reportlab, so that printing a sheet never loads the screen's stack.

- :mod:`vvlab.plan.geometry`: the one ``Box`` and overlap test, segments, offsets of
  lines sharing track, segment clipping and the hit test of segments and boxes;
- :mod:`vvlab.plan.scene`: labels placed one after another without overlaps
  (``LabelScene``, ``choose_boxes``) and the line raster that keeps them off lines;
- :mod:`vvlab.plan.text`: how wide text is (``TextMeasure``; the screen's ``SCREEN``);
- :mod:`vvlab.plan.name_options`, :mod:`vvlab.plan.names`: the one name placer (where a
  station's name may go; ``place_names``), :mod:`vvlab.plan.relabel`: names placed
  again after an edit only where it matters;
- :mod:`vvlab.plan.wagons`: where each line's wagon goes.
"""
