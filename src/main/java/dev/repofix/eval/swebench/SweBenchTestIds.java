package dev.repofix.eval.swebench;

import dev.repofix.build.TestPathRules;
import dev.repofix.eval.cases.CaseTestIds;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Patch;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SWE-bench's test names in repofix's id shape. pytest node ids are already ours.
 * Django's runner prints {@code test_name (module.Class)} (since Python 3.11
 * {@code test_name (module.Class.test_name)}), sometimes with the docstring on the next
 * line: that becomes {@code module.Class#test_name}, what a JUnit XML report of the
 * run gives. A bare function name (sympy's runner) becomes {@code file.py::name} when
 * the test patch shows which test file it is in.
 */
final class SweBenchTestIds {
    private static final Pattern DJANGO = Pattern.compile("(\\w+) \\(([\\w.]+)\\)");
    private static final Pattern BARE = Pattern.compile("test\\w*");
    private static final TestPathRules PYTHON = TestPathRules.of("python");

    private final Patch testPatch;

    /** @param testPatch the instance's test patch, where bare names are looked up */
    SweBenchTestIds(Patch testPatch) {
        this.testPatch = testPatch;
    }

    /** {@code id} in repofix's shape; empty when it cannot be told. */
    Optional<String> convert(String id) {
        String first = id.lines().findFirst().orElse("").strip();
        if (CaseTestIds.PYTEST.matcher(first).matches() && first.equals(id)) {
            return Optional.of(id);
        }
        Matcher django = DJANGO.matcher(first);
        if (django.matches()) {
            String method = django.group(1);
            String owner = django.group(2);
            String suffix = "." + method;
            String className = owner.endsWith(suffix) ? owner.substring(0, owner.length() - suffix.length()) : owner;
            return className.contains(".") ? Optional.of(className + "#" + method) : Optional.empty();
        }
        if (BARE.matcher(id).matches()) {
            return fileDefining(id).map(file -> file + "::" + id);
        }
        return Optional.empty();
    }

    /** The one test file of the test patch that defines {@code name}, else the patch's only test file. */
    private Optional<String> fileDefining(String name) {
        List<FilePatch> files = testPatch.files().stream()
                .filter(f -> f.path().endsWith(".py") && PYTHON.isTestPath(f.path())).toList();
        Pattern def = Pattern.compile("\\s*(async\\s+)?def\\s+" + Pattern.quote(name) + "\\s*\\(.*");
        List<String> defining = files.stream()
                .filter(f -> f.hunks().stream().flatMap(h -> h.newLines().stream()).anyMatch(l -> def.matcher(l).matches()))
                .map(FilePatch::path).distinct().toList();
        if (defining.size() == 1) {
            return Optional.of(defining.get(0));
        }
        List<String> paths = files.stream().map(FilePatch::path).distinct().toList();
        return defining.isEmpty() && paths.size() == 1 ? Optional.of(paths.get(0)) : Optional.empty();
    }
}
