package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32's Java families, one small bug each: the family proposes the reference fix at the
 * line marked {@code //BUG} (the whole class as the fix leaves it), and the fixed class
 * compiles. The bugs are of kinds no earlier family reaches.
 */
class JavaIngredientFamiliesTest {
    private static final String PATH = "src/main/java/demo/Demo.java";

    @TempDir
    Path classes;

    @Test
    void insertStatementAddsTheSameCallOnTheOtherCollection() {
        assertFixes("insert-statement", """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                public class Demo {
                    private final Map<String, Integer> counts = new HashMap<>();
                    private final List<String> order = new ArrayList<>();

                    public void add(String name) {
                        counts.put(name, 1);
                        order.add(name);
                    }

                    public void remove(String key) {
                        counts.remove(key); //BUG
                    }
                }
                """, """
                import java.util.ArrayList;
                import java.util.HashMap;
                import java.util.List;
                import java.util.Map;

                public class Demo {
                    private final Map<String, Integer> counts = new HashMap<>();
                    private final List<String> order = new ArrayList<>();

                    public void add(String name) {
                        counts.put(name, 1);
                        order.add(name);
                    }

                    public void remove(String key) {
                        counts.remove(key);
                        order.remove(key);
                    }
                }
                """);
    }

    @Test
    void insertStatementAdaptsACallOfAnotherMethodToTheNamesInScope() {
        assertFixes("insert-statement", """
                import java.util.ArrayDeque;
                import java.util.Deque;
                import java.util.HashSet;
                import java.util.Set;

                public class Demo {
                    static int reachable(int start, int[][] edges) {
                        Set<Integer> seen = new HashSet<>();
                        Deque<Integer> todo = new ArrayDeque<>();
                        todo.push(start);
                        seen.add(start);
                        int count = 0;
                        while (!todo.isEmpty()) {
                            int node = todo.pop();
                            count++;
                            for (int next : edges[node]) {
                                if (!seen.contains(next)) {
                                    todo.push(next); //BUG
                                }
                            }
                        }
                        return count;
                    }
                }
                """, """
                import java.util.ArrayDeque;
                import java.util.Deque;
                import java.util.HashSet;
                import java.util.Set;

                public class Demo {
                    static int reachable(int start, int[][] edges) {
                        Set<Integer> seen = new HashSet<>();
                        Deque<Integer> todo = new ArrayDeque<>();
                        todo.push(start);
                        seen.add(start);
                        int count = 0;
                        while (!todo.isEmpty()) {
                            int node = todo.pop();
                            count++;
                            for (int next : edges[node]) {
                                if (!seen.contains(next)) {
                                    todo.push(next);
                                    seen.add(next);
                                }
                            }
                        }
                        return count;
                    }
                }
                """);
    }

    @Test
    void insertStatementChecksAParameterForNullAtTheMethodStart() {
        assertFixes("insert-statement", """
                public class Demo {
                    private final String name;

                    public Demo(String name, int size) {
                        this.name = name; //BUG
                    }
                }
                """, """
                public class Demo {
                    private final String name;

                    public Demo(String name, int size) {
                        java.util.Objects.requireNonNull(name, "name");
                        this.name = name;
                    }
                }
                """);
    }

    @Test
    void insertStatementReturnsAtTheEndOfABranch() {
        assertFixes("insert-statement", """
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<String> log = new ArrayList<>();

                    public void record(String event) {
                        if (event.isEmpty()) {
                            log.add("(empty)"); //BUG
                        }
                        log.add(event);
                    }
                }
                """, """
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<String> log = new ArrayList<>();

                    public void record(String event) {
                        if (event.isEmpty()) {
                            log.add("(empty)");
                            return;
                        }
                        log.add(event);
                    }
                }
                """);
    }

    @Test
    void conditionSynthesisReplacesAConstantLoopConditionByAnEmptinessCheck() {
        assertFixesLine("condition-synthesis", """
                import java.util.Deque;

                public class Demo {
                    static int sumUntilNegative(Deque<Integer> queue) {
                        int sum = 0;
                        while (true) { //BUG
                            int next = queue.poll();
                            if (next < 0) {
                                break;
                            }
                            sum += next;
                        }
                        return sum;
                    }
                }
                """, "while (!queue.isEmpty()) {");
    }

    @Test
    void conditionSynthesisStrengthensAConditionWithASizeCheckOfAVariableInScope() {
        assertFixesLine("condition-synthesis", """
                import java.util.List;

                public class Demo {
                    static String firstLong(List<String> words, int min) {
                        for (String w : words) {
                            if (w.length() >= min) { //BUG
                                return w;
                            }
                        }
                        return "";
                    }
                }
                """, "if (w.length() >= min && min > 0) {");
    }

    @Test
    void compoundOperatorTurnsAnOrAssignmentIntoAnAndAssignment() {
        assertFixesLine("compound-op", """
                public class Demo {
                    static int clear(int flags, int mask) {
                        flags |= ~mask; //BUG
                        return flags;
                    }
                }
                """, "flags &= ~mask;");
    }

    @Test
    void compoundOperatorMakesASignedShiftUnsigned() {
        assertFixesLine("compound-op", """
                public class Demo {
                    static int middle(int lo, int hi) {
                        return (lo + hi) >> 1; //BUG
                    }
                }
                """, "return (lo + hi) >>> 1;");
    }

    @Test
    void callArgumentMovesARecursiveCallsBoundByOne() {
        assertFixesLine("call-argument", """
                public class Demo {
                    static int search(int[] xs, int key, int lo, int hi) {
                        if (lo > hi) {
                            return -1;
                        }
                        int mid = (lo + hi) >>> 1;
                        if (xs[mid] == key) {
                            return mid;
                        }
                        if (xs[mid] < key) {
                            return search(xs, key, mid, hi); //BUG
                        }
                        return search(xs, key, lo, mid - 1);
                    }
                }
                """, "return search(xs, key, mid + 1, hi);");
    }

    @Test
    void callArgumentReadsTheOtherFieldOfTheSameType() {
        assertFixesLine("call-argument", """
                import java.time.LocalDate;

                public class Demo {
                    static final class Range {
                        LocalDate start;
                        LocalDate end;
                    }

                    static long days(Range range) {
                        return java.time.temporal.ChronoUnit.DAYS.between(range.start, range.start); //BUG
                    }
                }
                """, "return java.time.temporal.ChronoUnit.DAYS.between(range.start, range.end);");
    }

    @Test
    void receiverReadsTheFieldFromTheOtherObjectThatHasIt() {
        assertFixesLine("receiver", """
                public class Demo {
                    static final class Options {
                        int width;
                    }

                    static final class Schema {
                        Options opts = new Options();
                    }

                    static final class Root {
                        Options opts = new Options();
                    }

                    static int width(Schema schema, Root root) {
                        return schema.opts.width; //BUG
                    }
                }
                """, "return root.opts.width;");
    }

    @Test
    void typeHierarchyWidensAnInstanceofTestToTheInterface() {
        assertFixesLine("type-hierarchy", """
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    static int count(Object o) {
                        if (o instanceof ArrayList<?> list) { //BUG
                            return list.size();
                        }
                        return 0;
                    }
                }
                """, "if (o instanceof List<?> list) {");
    }

    @Test
    void typeHierarchyUsesTheFilesOwnClasses() {
        assertFixesLine("type-hierarchy", """
                public class Demo {
                    static class Shape {
                    }

                    static class Circle extends Shape {
                    }

                    static boolean isShape(Object o) {
                        return o instanceof Circle; //BUG
                    }
                }
                """, "return o instanceof Shape;");
    }

    @Test
    void wrapCallPassesTheValueAsIs() {
        assertFixesLine("wrap-call", """
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<String> items = new ArrayList<>();

                    static String normalize(String s) {
                        return s.strip().toLowerCase();
                    }

                    public void add(String item) {
                        items.add(normalize(item)); //BUG
                    }
                }
                """, "items.add(item);");
    }

    @Test
    void wrapCallWrapsAValueInACallTheFileMakesOnItsType() {
        assertFixesLine("wrap-call", """
                import java.util.HashSet;
                import java.util.Set;

                public class Demo {
                    private final Set<String> keys = new HashSet<>();

                    static String normalize(String s) {
                        return s.strip().toLowerCase();
                    }

                    public void add(String key) {
                        keys.add(normalize(key));
                    }

                    public boolean has(String key) {
                        return keys.contains(key); //BUG
                    }
                }
                """, "return keys.contains(normalize(key));");
    }

    @Test
    void receiverCallsTheMethodOnTheOtherObjectInsteadOfThis() {
        assertFixesLine("receiver", """
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<String> items = new ArrayList<>();

                    int size() {
                        return items.size();
                    }

                    public boolean sameSize(Demo other) {
                        return size() == this.size(); //BUG
                    }
                }
                """, "return size() == other.size();");
    }

    /** The void calls on a String come first in the file; the String -> String one is the wrapper tried first. */
    @Test
    void wrapCallWrapsInAMethodReturningTheValuesTypeNeverInAVoidOne() {
        String buggy = """
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<String> log = new ArrayList<>();

                    void record(String s) {
                        log.add(s);
                    }

                    void warn(String s) {
                        log.add("! " + s);
                    }

                    void debug(String s) {
                        log.add("? " + s);
                    }

                    String label(String raw) {
                        record(raw);
                        warn(raw);
                        debug(raw);
                        String t = raw.toLowerCase();
                        return t; //BUG
                    }

                    static String clean(String s) {
                        return s.strip();
                    }

                    String other(String s) {
                        return clean(s);
                    }
                }
                """;
        assertFixesLine("wrap-call", buggy, "return clean(t);");
        int line = 3 + buggy.lines().toList().indexOf(buggy.lines().filter(l -> l.contains("//BUG")).findFirst().orElseThrow());
        assertThat(JavaCandidates.of("wrap-call", PATH, "package demo;\n\n" + buggy.replace(" //BUG", ""), line))
                .extracting(JavaCandidates.Candidate::description)
                .noneMatch(d -> d.contains("record(") || d.contains("warn(") || d.contains("debug("));
    }

    @Test
    void wrapCallTakesItsWrapperFromACallOnAnyValueOfTheType() {
        assertFixesLine("wrap-call", """
                import java.util.Map;

                public class Demo {
                    static String escape(String s) {
                        return s.replace("=", "%3d");
                    }

                    static String render(Map<String, Object> values) {
                        StringBuilder sb = new StringBuilder();
                        for (String key : values.keySet()) {
                            sb.append(key); //BUG
                            sb.append('=');
                            sb.append(escape(values.get(key).toString()));
                        }
                        return sb.toString();
                    }
                }
                """, "sb.append(escape(key));");
    }

    @Test
    void newFamiliesProposeNothingOnALineWithoutTheirSubject() {
        String source = """
                package demo;

                public class Demo {
                    static int add(int a, int b) {
                        int sum = a + b;
                        return sum;
                    }
                }
                """;
        for (String family : List.of("compound-op", "receiver", "type-hierarchy", "wrap-call")) {
            assertThat(JavaCandidates.of(family, PATH, source, 5)).as(family).isEmpty();
        }
    }

    @Test
    void aCallGoesIntoTheEmptyBlockOfABranch() {
        assertInserts("""
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<String> open = new ArrayList<>();

                    void close(String name, boolean flush) {
                        if (flush) { //BUG
                            open.remove(name); //+

                        }
                        System.out.println(name);
                    }

                    void reopen(String other) {
                        open.remove(other);
                        open.add(other);
                    }
                }
                """);
    }

    @Test
    void aCallGoesIntoAnEmptyLoopBodyOnOneLineWithTheLoopVariable() {
        assertFixes("insert-statement", """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                public class Demo {
                    private final Set<String> seen = new HashSet<>();

                    void mark(String one) {
                        seen.add(one);
                    }

                    void markAll(List<String> words) {
                        for (String w : words) {} //BUG
                    }
                }
                """, """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                public class Demo {
                    private final Set<String> seen = new HashSet<>();

                    void mark(String one) {
                        seen.add(one);
                    }

                    void markAll(List<String> words) {
                        for (String w : words) {
                            seen.add(w);
                        }
                    }
                }
                """);
    }

    @Test
    void anElementOutOfScopeBecomesAReadNameWhereTheCollectionHoldsObjects() {
        assertInserts("""
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<Object> pending = new ArrayList<>();

                    void require(String key, boolean required) {
                        if (required) {
                            System.out.println(key); //BUG
                            pending.add(key); //+
                        }
                    }

                    void requireAll(List<Integer> ids) {
                        for (Integer id : ids) {
                            pending.add(id);
                        }
                    }
                }
                """);
    }

    @Test
    void aQueryOnACollectionGivesItsMutatorWhereNoCallOfTheFileDoes() {
        assertInserts("""
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                public class Demo {
                    static String unique(List<String> words) {
                        Set<String> seen = new HashSet<>();
                        StringBuilder out = new StringBuilder();
                        for (String w : words) {
                            if (seen.contains(w)) { //BUG
                                continue;
                            }
                            seen.add(w); //+
                            out.append(w);
                        }
                        return out.toString();
                    }
                }
                """);
    }

    @Test
    void theGuardsQueryGivesItsMutatorInTheGuardedBlock() {
        assertInserts("""
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                public class Demo {
                    static String unique(List<String> words) {
                        Set<String> seen = new HashSet<>();
                        StringBuilder out = new StringBuilder();
                        for (String w : words) {
                            if (!seen.contains(w)) {
                                seen.add(w); //+
                                out.append(w); //BUG
                            }
                        }
                        return out.toString();
                    }
                }
                """);
    }

    /** {@code source} with the lines marked {@code //+} left out is the bug; with them, the fix insert-statement proposes at {@code //BUG}. */
    private void assertInserts(String source) {
        String buggy = source.lines().filter(l -> !l.endsWith(" //+")).map(l -> l + "\n")
                .collect(java.util.stream.Collectors.joining());
        String fixed = source.replace(" //+", "").replace(" //BUG", "");
        assertFixes("insert-statement", buggy, fixed);
    }

    /** The fix changes only the marked line, into {@code fixed} (indentation kept). */
    private void assertFixesLine(String family, String buggy, String fixedLine) {
        List<String> lines = buggy.lines().toList();
        int index = lines.indexOf(lines.stream().filter(l -> l.contains("//BUG")).findFirst().orElseThrow());
        String original = lines.get(index).replace(" //BUG", "");
        String indent = original.substring(0, original.length() - original.stripLeading().length());
        List<String> fixed = new java.util.ArrayList<>(lines);
        fixed.set(index, indent + fixedLine);
        assertFixes(family, buggy, String.join("\n", fixed) + "\n");
    }

    private void assertFixes(String family, String buggy, String fixed) {
        List<String> lines = buggy.lines().toList();
        int line = 3 + lines.indexOf(lines.stream().filter(l -> l.contains("//BUG")).findFirst().orElseThrow());
        String source = "package demo;\n\n" + buggy.replace(" //BUG", "");
        String expected = "package demo;\n\n" + fixed;
        assertThat(JavaCandidates.diagnostics("demo.Demo", source, classes.resolve("before"))).as("the bug compiles")
                .isEmpty();
        List<JavaCandidates.Candidate> candidates = JavaCandidates.of(family, PATH, source, line);
        assertThat(candidates).extracting(JavaCandidates.Candidate::patched).contains(expected);
        assertThat(JavaCandidates.diagnostics("demo.Demo", expected, classes.resolve(family))).as("the fix compiles")
                .isEmpty();
    }
}
