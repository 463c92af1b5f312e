"""Test helpers shipped with the package: the generic conformance kit every game passes."""
