"""The Micro LSE: an emulated 1980s French school micro; the version lives here and nowhere else."""

__version__ = "0.2.0"
