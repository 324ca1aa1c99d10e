# repofix's unittest runner: runs the tests as `python -m unittest` would (discovery
# from the current folder with pattern test*.py, or the test names given as arguments)
# and writes a JUnit XML report to $UNITTEST_JUNIT_REPORT. Passed to `python3 -c` through
# the environment, so nothing is written into the repository but the report. A doctest
# (a module's load_tests adding doctest.DocTestSuite) is named by its doctest name alone,
# with no class (pkg.mod.func): `python -m unittest pkg.mod.func` would call the function.
# An argument --id=NAME selects the discovered test of that id (a doctest), others are
# unittest names.
import doctest
import os
import re
import sys
import time
import traceback
import unittest
from xml.sax.saxutils import escape, quoteattr

_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _clean(text):
    return _INVALID_XML.sub("", text)


class _Collecting(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.cases = {}
        self.order = []
        self.doctests = set()
        self._started = {}

    def _case(self, test):
        test_id = test.id()
        if isinstance(test, doctest.DocTestCase):
            self.doctests.add(test_id)
        if test_id not in self.cases:
            self.cases[test_id] = {"outcome": None, "time": 0.0}
            self.order.append(test_id)
        return self.cases[test_id]

    def startTest(self, test):
        super().startTest(test)
        self._started[test.id()] = time.monotonic()
        self._case(test)

    def stopTest(self, test):
        super().stopTest(test)
        started = self._started.pop(test.id(), None)
        if started is not None:
            self._case(test)["time"] = time.monotonic() - started

    def _outcome(self, test, kind, err=None, message=""):
        case = self._case(test)
        if case["outcome"] is not None and case["outcome"][0] in ("failure", "error"):
            return  # the first failure of a test (or of its sub-tests) is the one reported
        if err is not None:
            exc_type, exc, tb = err
            text = "".join(traceback.format_exception(exc_type, exc, tb))
            message = "".join(traceback.format_exception_only(exc_type, exc)).strip()
            case["outcome"] = (kind, message, exc_type.__name__, text)
        else:
            case["outcome"] = (kind, message, "", "")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._outcome(test, "failure", err)

    def addError(self, test, err):
        super().addError(test, err)
        self._outcome(test, "error", err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._outcome(test, "skipped", message=reason)

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._outcome(test, "failure", message="unexpected success of a test marked expectedFailure")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            kind = "failure" if issubclass(err[0], test.failureException) else "error"
            self._outcome(test, kind, err)


def _write(result, path):
    lines = ['<?xml version="1.0" encoding="utf-8"?>', '<testsuite name="unittest" tests="%d">' % len(result.order)]
    for test_id in result.order:
        case = result.cases[test_id]
        if test_id in result.doctests:
            classname, name = "", test_id
        elif "." in test_id and " " not in test_id:
            classname, name = test_id.rsplit(".", 1)
        else:
            classname, name = "", test_id  # e.g. "setUpClass (tests.test_x.T)"
        attrs = "classname=%s name=%s time=%s" % (quoteattr(_clean(classname)), quoteattr(_clean(name)),
                                                  quoteattr("%.3f" % case["time"]))
        outcome = case["outcome"]
        if outcome is None:
            lines.append("  <testcase %s/>" % attrs)
            continue
        kind, message, exc_type, text = outcome
        lines.append("  <testcase %s><%s message=%s type=%s>%s</%s></testcase>" % (
            attrs, kind, quoteattr(_clean(message)), quoteattr(exc_type), escape(_clean(text)), kind))
    lines.append("</testsuite>")
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def _discover(loader):
    return loader.discover(".", pattern="test*.py", top_level_dir=".")


def _flat(suite):
    for test in suite:
        if isinstance(test, unittest.TestSuite):
            yield from _flat(test)
        else:
            yield test


def main():
    report = os.environ.get("UNITTEST_JUNIT_REPORT", ".repofix-reports/unittest-junit.xml")
    sys.path.insert(0, os.getcwd())
    loader = unittest.TestLoader()
    names = [a for a in sys.argv[1:] if not a.startswith("--id=")]
    ids = set(a[len("--id="):] for a in sys.argv[1:] if a.startswith("--id="))
    if not names and not ids:
        suite = _discover(loader)
    else:
        suite = loader.loadTestsFromNames(names) if names else unittest.TestSuite()
        if ids:
            suite.addTests(t for t in _flat(_discover(loader)) if t.id() in ids)
    result = unittest.TextTestRunner(resultclass=_Collecting, verbosity=2).run(suite)
    _write(result, report)
    sys.exit(0 if result.wasSuccessful() else 1)


main()
