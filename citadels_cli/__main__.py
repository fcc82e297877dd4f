"""`python -m citadels_cli ...` runs the `citadels` command."""

import sys

from citadels_cli.main import main

sys.exit(main())
