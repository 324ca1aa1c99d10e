package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * insert-statement where the missing call has no neighbour (an empty block), where its
 * argument is out of scope and the collection holds any object, and where only the
 * statement's own query names it ({@code c.contains(x)} without a {@code c.add(x)} anywhere):
 * the reference fix is among the candidates of the line marked {@code //BUG}, and compiles.
 */
class JavaInsertIntoBlockTest {
    private static final String PATH = "src/main/java/demo/Demo.java";

    @TempDir
    Path classes;

    @Test
    void aCallGoesIntoTheEmptyBlockOfABranch() {
        assertFixes("""
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<String> open = new ArrayList<>();

                    void close(String name, boolean flush) {
                        if (flush) { //BUG

                        }
                        System.out.println(name);
                    }

                    void reopen(String other) {
                        open.remove(other);
                        open.add(other);
                    }
                }
                """, """
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<String> open = new ArrayList<>();

                    void close(String name, boolean flush) {
                        if (flush) {
                            open.remove(name);

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
        assertFixes("""
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
        assertFixes("""
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<Object> pending = new ArrayList<>();

                    void require(String key, boolean required) {
                        if (required) {
                            System.out.println(key); //BUG
                        }
                    }

                    void requireAll(List<Integer> ids) {
                        for (Integer id : ids) {
                            pending.add(id);
                        }
                    }
                }
                """, """
                import java.util.ArrayList;
                import java.util.List;

                public class Demo {
                    private final List<Object> pending = new ArrayList<>();

                    void require(String key, boolean required) {
                        if (required) {
                            System.out.println(key);
                            pending.add(key);
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
        assertFixes("""
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
                            out.append(w);
                        }
                        return out.toString();
                    }
                }
                """, """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                public class Demo {
                    static String unique(List<String> words) {
                        Set<String> seen = new HashSet<>();
                        StringBuilder out = new StringBuilder();
                        for (String w : words) {
                            if (seen.contains(w)) {
                                continue;
                            }
                            seen.add(w);
                            out.append(w);
                        }
                        return out.toString();
                    }
                }
                """);
    }

    @Test
    void theGuardsQueryGivesItsMutatorInTheGuardedBlock() {
        assertFixes("""
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                public class Demo {
                    static String unique(List<String> words) {
                        Set<String> seen = new HashSet<>();
                        StringBuilder out = new StringBuilder();
                        for (String w : words) {
                            if (!seen.contains(w)) {
                                out.append(w); //BUG
                            }
                        }
                        return out.toString();
                    }
                }
                """, """
                import java.util.HashSet;
                import java.util.List;
                import java.util.Set;

                public class Demo {
                    static String unique(List<String> words) {
                        Set<String> seen = new HashSet<>();
                        StringBuilder out = new StringBuilder();
                        for (String w : words) {
                            if (!seen.contains(w)) {
                                seen.add(w);
                                out.append(w);
                            }
                        }
                        return out.toString();
                    }
                }
                """);
    }

    private void assertFixes(String buggy, String fixed) {
        List<String> lines = buggy.lines().toList();
        int line = 3 + lines.indexOf(lines.stream().filter(l -> l.contains("//BUG")).findFirst().orElseThrow());
        String source = "package demo;\n\n" + buggy.replace(" //BUG", "");
        String expected = "package demo;\n\n" + fixed;
        assertThat(JavaCandidates.diagnostics("demo.Demo", source, classes.resolve("before"))).as("the bug compiles")
                .isEmpty();
        List<JavaCandidates.Candidate> candidates = JavaCandidates.of("insert-statement", PATH, source, line);
        assertThat(candidates).extracting(JavaCandidates.Candidate::patched).contains(expected);
        assertThat(JavaCandidates.diagnostics("demo.Demo", expected, classes.resolve("fixed"))).as("the fix compiles")
                .isEmpty();
    }
}
