"""The plan's drawing model, shared by the screen (``vvlab.viz``, the widgets) and paper
(``vvlab.printing``): geometry, text measure, label and name placement and the wagons,
in any unit (pixels on screen, millimetres on paper). Plain numpy: it imports neither
plotly nor reportlab, so that printing a sheet never loads the screen's stack.

- :mod:`vvlab.plan.geometry`: the one ``Box`` and overlap test (``overlap_matrix``,
  ``boxes_overlap``), frames, segments, offsets of lines sharing track, segment
  clipping and the hit test of segments and boxes;
- :mod:`vvlab.plan.scene`: labels placed one after another without overlaps
  (``LabelScene``), kept off lines by a raster (``LineRaster``, the screen) or exact
  tests per named line (``LineSet``, paper);
- :mod:`vvlab.plan.text`: how wide text is (``TextMeasure``; the screen's ``SCREEN``,
  paper's is ``vvlab.printing.fonts.PAPER``);
- :mod:`vvlab.plan.name_options`, :mod:`vvlab.plan.names`: the one name placer of
  screen, paper and the balance chart's labels (where a name may go, beside its
  station or set apart with a leader; ``place_names``, its units in a ``NameStyle``);
  :mod:`vvlab.plan.relabel`: names placed again after an edit only where it matters;
- :mod:`vvlab.plan.wagons`: where each line's wagon goes.
"""
