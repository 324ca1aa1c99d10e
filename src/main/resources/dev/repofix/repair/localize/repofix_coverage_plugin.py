"""repofix: per-test line coverage for pytest, loaded with -p repofix_coverage_plugin.

coverage.py measures the copy of the repository the tests run in, with one dynamic
context per test (its node id); code run outside a test (imports, collection) gets the
empty context. At the end every measured line is written with the tests that ran it,
every line that code outside any test ran (module and class bodies run at import), and
every test with its outcome, as JSON to REPOFIX_COVERAGE_OUT.
"""
import json
import os

import coverage
import pytest

_SOURCE = os.environ["REPOFIX_COVERAGE_SOURCE"]
_OUT = os.environ["REPOFIX_COVERAGE_OUT"]
_cov = coverage.Coverage(data_file=_OUT + ".data", source=[_SOURCE], config_file=False,
                         omit=[os.path.join(_SOURCE, ".repofix-coverage", "*")])
_outcomes = {}


def pytest_configure(config):
    _cov.start()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _cov.switch_context(item.nodeid)
    yield
    _cov.switch_context("")


def pytest_runtest_logreport(report):
    if report.failed:
        _outcomes[report.nodeid] = "failed"
    elif report.when == "call" and report.nodeid not in _outcomes:
        _outcomes[report.nodeid] = report.outcome


def pytest_unconfigure(config):
    _cov.stop()
    _cov.save()
    data = _cov.get_data()
    files = {}
    outside = {}
    for measured in data.measured_files():
        by_line = data.contexts_by_lineno(measured)
        lines = {str(n): sorted(c for c in contexts if c) for n, contexts in by_line.items()}
        name = os.path.relpath(measured, _SOURCE).replace(os.sep, "/")
        files[name] = {k: v for k, v in lines.items() if v}
        outside[name] = sorted(n for n, contexts in by_line.items() if "" in contexts)
    with open(_OUT, "w", encoding="utf-8") as out:
        json.dump({"outcomes": _outcomes, "files": files, "outside": outside}, out)
