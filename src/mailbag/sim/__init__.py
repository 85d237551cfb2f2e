"""Simulation: play games, tournaments with seat rotation and a seed schedule, statistics."""
