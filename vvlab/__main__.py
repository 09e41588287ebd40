"""``python -m vvlab`` runs the command line."""

import sys

from vvlab.cli import main

sys.exit(main())
