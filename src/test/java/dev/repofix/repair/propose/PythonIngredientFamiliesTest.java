package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32's Python families, one small bug each: the family proposes the reference fix (the
 * whole module as it should read), the fixed module passes a check under python3 and the
 * buggy one fails it. The suspected line is the one marked {@code #BUG}.
 */
class PythonIngredientFamiliesTest {
    private static final String PATH = "pkg/demo.py";

    @TempDir
    Path dir;

    @Test
    void insertStatementAddsTheMissingCallOnASetTheFunctionUses() {
        assertFixes("insert-statement", """
                def unique(items):
                    seen = set()
                    out = []
                    for item in items:
                        if item not in seen:
                            out.append(item)  #BUG
                    return out
                """, """
                def unique(items):
                    seen = set()
                    out = []
                    for item in items:
                        if item not in seen:
                            out.append(item)  #BUG
                            seen.add(item)
                    return out
                """, "assert unique([1, 1, 2, 1]) == [1, 2]");
    }

    @Test
    void insertStatementTakesTheArgumentFromTheTestAroundTheLine() {
        assertFixes("insert-statement", """
                def unique_by(items, key):
                    seen = set()
                    out = []
                    for item in items:
                        k = key(item)
                        if k not in seen:
                            out.append(item)  #BUG
                    return out
                """, """
                def unique_by(items, key):
                    seen = set()
                    out = []
                    for item in items:
                        k = key(item)
                        if k not in seen:
                            out.append(item)  #BUG
                            seen.add(k)
                    return out
                """, "assert unique_by(['a', 'B', 'A'], str.lower) == ['a', 'B']");
    }

    @Test
    void insertStatementAdaptsACallOfAnotherFunctionToTheLinesNames() {
        assertFixes("insert-statement", """
                def forget(cache, key):
                    cache.pop(key)

                def rename(cache, old, new):
                    cache[new] = cache[old]  #BUG
                    return cache
                """, """
                def forget(cache, key):
                    cache.pop(key)

                def rename(cache, old, new):
                    cache[new] = cache[old]  #BUG
                    cache.pop(old)
                    return cache
                """, "assert rename({'a': 1}, 'a', 'b') == {'b': 1}");
    }

    @Test
    void insertStatementCallsALocalTheFunctionAssignsAndNeverReadsFirst() {
        // the line's own names give appends to `cell` and `root` before the file's call; `cells` is made and never used
        assertFixes("insert-statement", """
                class Index:
                    def __init__(self):
                        self.map = {}
                        self.root = []

                    def extend(self, k, vs):
                        cells = self.map.setdefault(k, [])
                        for v in vs:
                            cell = [self.root, self.root, k, v]
                            cells.append(cell)

                    def insert(self, k, v):
                        root = self.root
                        cells = self.map.setdefault(k, [])
                        last = root
                        cell = [last, root, k, v]
                        root.append((k, v, last, cell))  #BUG
                """, """
                class Index:
                    def __init__(self):
                        self.map = {}
                        self.root = []

                    def extend(self, k, vs):
                        cells = self.map.setdefault(k, [])
                        for v in vs:
                            cell = [self.root, self.root, k, v]
                            cells.append(cell)

                    def insert(self, k, v):
                        root = self.root
                        cells = self.map.setdefault(k, [])
                        last = root
                        cell = [last, root, k, v]
                        root.append((k, v, last, cell))  #BUG
                        cells.append(cell)
                """, "i = Index()\ni.insert('a', 1)\nassert i.map['a'][0][2:] == ['a', 1]\nassert i.root[-1][:2] == ('a', 1)");
    }

    @Test
    void missingJumpBreaksOutOfTheLoopAfterTheBranch() {
        assertFixes("missing-jump", """
                def first_negative(xs):
                    found = None
                    for x in xs:
                        if x < 0:
                            found = x  #BUG
                    return found
                """, """
                def first_negative(xs):
                    found = None
                    for x in xs:
                        if x < 0:
                            found = x  #BUG
                            break
                    return found
                """, "assert first_negative([3, -1, -2]) == -1");
    }

    @Test
    void conditionSynthesisTurnsAConstantLoopTestIntoAnEmptinessTest() {
        assertFixes("condition-synthesis", """
                from collections import deque

                def drain(queue):
                    out = []
                    while True:  #BUG
                        out.append(queue.popleft())
                    return out
                """, """
                from collections import deque

                def drain(queue):
                    out = []
                    while queue:  #BUG
                        out.append(queue.popleft())
                    return out
                """, "assert drain(deque([1, 2])) == [1, 2]");
    }

    @Test
    void conditionSynthesisGuardsAConditionWithANoneTest() {
        assertFixes("condition-synthesis", """
                def longer(a, limit):
                    if len(a) > limit:  #BUG
                        return True
                    return False
                """, """
                def longer(a, limit):
                    if a is not None and len(a) > limit:  #BUG
                        return True
                    return False
                """, "assert longer(None, 1) is False and longer([1, 2], 1) is True");
    }

    @Test
    void compoundOperatorTurnsAnAndAssignmentIntoAnExclusiveOr() {
        assertFixes("compound-op", """
                def toggle(flags, bit):
                    flags &= bit  #BUG
                    return flags
                """, """
                def toggle(flags, bit):
                    flags ^= bit  #BUG
                    return flags
                """, "assert toggle(0b101, 0b001) == 0b100 and toggle(0b100, 0b001) == 0b101");
    }

    @Test
    void compoundOperatorSwapsAShiftsDirection() {
        assertFixes("compound-op", """
                def half(n):
                    return n << 1  #BUG
                """, """
                def half(n):
                    return n >> 1  #BUG
                """, "assert half(8) == 4");
    }

    @Test
    void callArgumentMovesAnArgumentByOne() {
        assertFixes("call-argument", """
                def search(xs, target, lo, hi):
                    if lo >= hi:
                        return -1
                    mid = (lo + hi) // 2
                    if xs[mid] == target:
                        return mid
                    if xs[mid] < target:
                        return search(xs, target, mid, hi)  #BUG
                    return search(xs, target, lo, mid)
                """, """
                def search(xs, target, lo, hi):
                    if lo >= hi:
                        return -1
                    mid = (lo + hi) // 2
                    if xs[mid] == target:
                        return mid
                    if xs[mid] < target:
                        return search(xs, target, mid + 1, hi)  #BUG
                    return search(xs, target, lo, mid)
                """, "assert search([1, 3, 5, 7], 7, 0, 4) == 3 and search([1, 3, 5, 7], 4, 0, 4) == -1");
    }

    @Test
    void callArgumentSwapsTwoArgumentsThatAreNotNeighbours() {
        assertFixes("call-argument", """
                def clamp(lo, x, hi):
                    return max(lo, min(x, hi))

                def percent(x):
                    return clamp(100, x, 0)  #BUG
                """, """
                def clamp(lo, x, hi):
                    return max(lo, min(x, hi))

                def percent(x):
                    return clamp(0, x, 100)  #BUG
                """, "assert percent(50) == 50 and percent(150) == 100");
    }

    @Test
    void receiverReadsTheAttributeOnTheReceiverTheFileReadsItOn() {
        assertFixes("receiver", """
                class Node:
                    def __init__(self, root=None):
                        self.root = root or self
                        self.opts = {"strict": True} if root is None else None

                    def strict(self, schema):
                        return schema.opts["strict"]  #BUG

                    def describe(self):
                        return "strict" if self.root.opts["strict"] else "lax"
                """, """
                class Node:
                    def __init__(self, root=None):
                        self.root = root or self
                        self.opts = {"strict": True} if root is None else None

                    def strict(self, schema):
                        return self.root.opts["strict"]  #BUG

                    def describe(self):
                        return "strict" if self.root.opts["strict"] else "lax"
                """, "child = Node(Node())\nassert child.strict(child) is True");
    }

    @Test
    void typeTestWidensDictToMappingAndImportsIt() {
        assertFixes("type-test", """
                from types import MappingProxyType

                def keys_of(value):
                    if isinstance(value, dict):  #BUG
                        return sorted(value)
                    return []
                """, """
                from types import MappingProxyType
                from collections.abc import Mapping

                def keys_of(value):
                    if isinstance(value, Mapping):  #BUG
                        return sorted(value)
                    return []
                """, "assert keys_of(MappingProxyType({'b': 1, 'a': 2})) == ['a', 'b']");
    }

    @Test
    void typeTestUsesTheModuleAnImportAlreadyNames() {
        assertFixes("type-test", """
                import collections.abc

                def size(value):
                    if isinstance(value, list):  #BUG
                        return len(value)
                    return 1
                """, """
                import collections.abc

                def size(value):
                    if isinstance(value, collections.abc.Sequence):  #BUG
                        return len(value)
                    return 1
                """, "assert size((1, 2)) == 2 and size(3) == 1");
    }

    @Test
    void wrapCallPassesTheValueAsItIs() {
        assertFixes("wrap-call", """
                def flatten(xs):
                    return [y for x in xs for y in x]

                def collect(groups):
                    out = []
                    for g in groups:
                        out.append(flatten(g))  #BUG
                    return out
                """, """
                def flatten(xs):
                    return [y for x in xs for y in x]

                def collect(groups):
                    out = []
                    for g in groups:
                        out.append(g)  #BUG
                    return out
                """, "assert collect([[1], [2]]) == [[1], [2]]");
    }

    @Test
    void wrapCallWrapsANameInTheFunctionTheFileAppliesToIt() {
        assertFixes("wrap-call", """
                def positive(xs):
                    return [x for x in xs if x > 0]

                def count_positive(xs):
                    return len(positive(xs))

                def largest_positive(xs):
                    return max(xs, default=None)  #BUG
                """, """
                def positive(xs):
                    return [x for x in xs if x > 0]

                def count_positive(xs):
                    return len(positive(xs))

                def largest_positive(xs):
                    return max(positive(xs), default=None)  #BUG
                """, "assert largest_positive([-1, -5]) is None and largest_positive([3, -1]) == 3");
    }

    @Test
    void swapNamesSwapsTheTwoNamesOfALoopTarget() {
        assertFixes("swap-names", """
                def invert(d):
                    out = {}
                    for v, k in d.items():  #BUG
                        out[v] = k
                    return out
                """, """
                def invert(d):
                    out = {}
                    for k, v in d.items():  #BUG
                        out[v] = k
                    return out
                """, "assert invert({'a': 1}) == {1: 'a'}");
    }

    @Test
    void wrapCallRemovesAChainOfCallsAroundAnArgument() {
        assertFixes("wrap-call", """
                def key(*args):
                    return tuple(tuple(sorted(args)))  #BUG
                """, """
                def key(*args):
                    return tuple(args)  #BUG
                """, "assert key(2, 1) == (2, 1)");
    }

    @Test
    void wrapCallGivesABareOperandTheCallTheOtherOperandHas() {
        assertFixes("wrap-call", """
                def subset(keep, drop):
                    keys = set(keep) - drop  #BUG
                    return sorted(keys)
                """, """
                def subset(keep, drop):
                    keys = set(keep) - set(drop)  #BUG
                    return sorted(keys)
                """, "assert subset(['a', 'b'], ['b']) == ['a']");
    }

    @Test
    void compoundOperatorUpdatesAnAttributeTheFileUpdatesElsewhere() {
        assertFixes("compound-op", """
                class Sized:
                    def __init__(self):
                        self.total = 0

                    def add(self, n):
                        self.total = n  #BUG

                    def remove(self, n):
                        self.total -= n
                """, """
                class Sized:
                    def __init__(self):
                        self.total = 0

                    def add(self, n):
                        self.total += n  #BUG

                    def remove(self, n):
                        self.total -= n
                """, "s = Sized(); s.add(2); s.add(3); assert s.total == 5");
    }

    @Test
    void conditionSynthesisAddsTheFunctionsFlagToATest() {
        List<PythonCandidates.Candidate> candidates = assertFixes("condition-synthesis", """
                def chunks(xs, size, fill=None):
                    do_fill = True
                    if fill is None:
                        do_fill = False
                    out = []
                    for i in range(0, len(xs), size):
                        chunk = xs[i:i + size]
                        if len(chunk) < size:  #BUG
                            chunk = chunk + [fill] * (size - len(chunk))
                        out.append(chunk)
                    return out
                """, """
                def chunks(xs, size, fill=None):
                    do_fill = True
                    if fill is None:
                        do_fill = False
                    out = []
                    for i in range(0, len(xs), size):
                        chunk = xs[i:i + size]
                        if len(chunk) < size and do_fill:  #BUG
                            chunk = chunk + [fill] * (size - len(chunk))
                        out.append(chunk)
                    return out
                """, "assert chunks([1, 2, 3], 2) == [[1, 2], [3]] and chunks([1], 2, 0) == [[1, 0]]");
        assertThat(candidates.stream().filter(c -> c.strategy().equals("condition-synthesis")).findFirst().orElseThrow()
                .description()).contains("and do_fill");
    }

    private List<PythonCandidates.Candidate> assertFixes(String family, String source, String expected,
            String check) {
        int line = source.lines().toList().indexOf(source.lines().filter(l -> l.contains("#BUG")).findFirst()
                .orElseThrow()) + 1;
        List<PythonCandidates.Candidate> candidates = PythonCandidates.of(PATH, source, line);
        assertThat(candidates).as(candidates.toString()).anySatisfy(c -> {
            assertThat(c.strategy()).isEqualTo(family);
            assertThat(c.patched()).isEqualTo(expected);
        });
        PythonCandidates.Result fixed = PythonCandidates.python(dir, expected + "\n" + check + "\n");
        assertThat(fixed.exitCode()).as(fixed.output()).isZero();
        assertThat(PythonCandidates.python(dir, source + "\n" + check + "\n").exitCode())
                .as("the bug fails the check").isNotZero();
        return candidates;
    }
}
