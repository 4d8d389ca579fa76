"""``python -m engine``: odds, simulate, and more (see ``engine.cli``)."""

import sys

from engine.cli import main

sys.exit(main())
