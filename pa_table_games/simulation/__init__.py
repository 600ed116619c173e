"""What an analyst runs: simulation at scale (one process, local workers or Dask) and its tally."""
