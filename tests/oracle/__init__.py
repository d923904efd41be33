"""The test oracle: a reference interpreter of LSE, a differential harness and a random program generator."""
