"""``python -m vvlab.cli`` runs the command line too (as ``python -m vvlab``)."""

import sys

from vvlab.cli import main

sys.exit(main())
