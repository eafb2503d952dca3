"""The Victorum deck (Hoplomachus: Victorum) for the 20 Strong system."""
