"""The array types of the solved-strategy layer and the solver, named once.

numpy's stubs track an array's element type, not its shape: the comments where an array
is declared say its axes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]  # indices, offsets, counts, the tree's arrays
Floats = npt.NDArray[np.float64]  # probabilities, reach, regrets, values
Bools = npt.NDArray[np.bool_]
Offsets = npt.NDArray[np.int64] | npt.NDArray[np.uint32]  # a file's offsets: 4 bytes when they fit
Bytes8 = npt.NDArray[np.uint8]  # one byte a number (8-bit files, blueprints)
Bytes16 = npt.NDArray[np.uint16]  # two bytes a number (12-bit files)
Numbers = Bytes8 | Bytes16  # a ``.trufbp`` stream's integers, by its bits
