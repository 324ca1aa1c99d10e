package dev.repofix.eval.mine;

import dev.repofix.eval.cases.CaseTestIds;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.PatchParser;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tests a test patch adds or changes, as test ids ({@link CaseTestIds}): a test method
 * whose declaration the patch adds, or in whose body (as far as the hunk shows it) the patch
 * adds lines. Java: {@code @Test} methods of files under {@code src/test/java/}, as
 * {@code pkg.ClassTest#method}; Python: {@code def test_*} functions, as pytest node ids.
 * A guess from the text alone, for mined cases that are not verified by running them. Pure.
 */
final class TestPatchTests {
    private static final Pattern JAVA_METHOD = Pattern.compile("\\s*(public\\s+|protected\\s+)?void\\s+(\\w+)\\s*\\(.*");
    private static final Pattern JAVA_TEST_ANNOTATION = Pattern.compile("\\s*@(Test|ParameterizedTest|RepeatedTest)\\b.*");
    private static final Pattern PY_DEF = Pattern.compile("(\\s*)(async\\s+)?def\\s+(\\w+)\\s*\\(.*");
    private static final Pattern PY_CLASS = Pattern.compile("(\\s*)class\\s+(Test\\w*)\\b.*");

    private TestPatchTests() {}

    /** The ids, in patch order, each once; empty for an empty or unreadable patch. */
    static List<String> named(String testPatch) {
        if (testPatch.isBlank()) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        for (FilePatch file : PatchParser.parse(testPatch).files()) {
            if (file.path().endsWith(".java")) {
                java(file, out);
            } else if (file.path().endsWith(".py")) {
                python(file, out);
            }
        }
        return List.copyOf(out);
    }

    private static void java(FilePatch file, Set<String> out) {
        int root = file.path().indexOf("src/test/java/");
        if (root < 0) {
            return;
        }
        String className = file.path().substring(root + "src/test/java/".length(), file.path().length() - 5)
                .replace('/', '.');
        for (Hunk hunk : file.hunks()) {
            String current = null;
            boolean annotated = false;
            for (HunkLine line : hunk.lines()) {
                if (line.kind() == HunkLine.Kind.REMOVE) {
                    continue;
                }
                Matcher m = JAVA_METHOD.matcher(line.text());
                if (JAVA_TEST_ANNOTATION.matcher(line.text()).matches()) {
                    annotated = true;
                } else if (m.matches()) {
                    current = annotated ? m.group(2) : null;
                    annotated = false;
                }
                if (line.kind() == HunkLine.Kind.ADD && current != null) {
                    out.add(className + "#" + current);
                }
            }
        }
    }

    private static void python(FilePatch file, Set<String> out) {
        for (Hunk hunk : file.hunks()) {
            String current = null;
            String testClass = null;
            int classIndent = -1;
            for (HunkLine line : hunk.lines()) {
                if (line.kind() == HunkLine.Kind.REMOVE) {
                    continue;
                }
                Matcher c = PY_CLASS.matcher(line.text());
                Matcher d = PY_DEF.matcher(line.text());
                if (c.matches()) {
                    testClass = c.group(2);
                    classIndent = c.group(1).length();
                    current = null;
                } else if (d.matches()) {
                    boolean inClass = testClass != null && d.group(1).length() > classIndent;
                    current = !d.group(3).startsWith("test") ? null
                            : file.path() + "::" + (inClass ? testClass + "::" : "") + d.group(3);
                }
                if (line.kind() == HunkLine.Kind.ADD && current != null) {
                    out.add(current);
                }
            }
        }
    }
}
