"""`python -m scripts.scale` (`make test-scale`): the scale-out scenario; exit status 1 when a check fails."""

import sys

from scripts.scale.scenario import main

sys.exit(main())
