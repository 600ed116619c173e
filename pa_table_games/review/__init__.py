"""What a compliance officer reads: diagrams, review pages and dossiers, trace, coverage, diff."""
