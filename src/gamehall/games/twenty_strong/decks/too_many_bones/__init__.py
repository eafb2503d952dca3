"""The Too Many Bones deck for 20 Strong."""
