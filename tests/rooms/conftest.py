from tests.english import in_english, no_waiting  # noqa: F401 (fixtures)
