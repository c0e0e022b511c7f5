"""Outside computer players seated on our engine, for benchmarks only.

Their code lives outside this project (under ``../shared/opponents``) and is loaded only
when a benchmark or its test asks for it; nothing in ``games`` imports this package.
"""
