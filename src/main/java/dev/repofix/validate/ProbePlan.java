package dev.repofix.validate;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import dev.repofix.testrun.TestReach;
import dev.repofix.validate.ProbeInputs.Kind;
import dev.repofix.validate.ProbeInputs.Language;
import dev.repofix.validate.ProbeInputs.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A probe of the method a fix changes: a test file, written in the project's own test
 * language next to a failing test, that calls the method with each derived input and writes
 * one line per call to {@value #OUTPUT} in the folder the tests run in; the same file is
 * run against two patched copies and their lines compared. Pure: sources come in as text.
 *
 * @param language  the probe's language
 * @param path      where the probe file goes, repository-relative
 * @param source    the probe file
 * @param calls     the calls it makes, in order, as a person would write them
 */
public record ProbePlan(Language language, String path, String source, List<String> calls) {
    /** The probe's output, one line per call: {@code returns <value>} or {@code throws <type>}. */
    public static final String OUTPUT = "repofix-behaviour-probe.out";
    /** Inputs tried at most per probe. */
    static final int MAX_INPUTS = 40;
    /** Characters of a value kept: values are untrusted text, shown in reports. */
    static final int MAX_VALUE = 200;

    public ProbePlan {
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(source, "source");
        calls = List.copyOf(calls);
    }

    /** A plan, or why there is none. */
    public record Planned(Optional<ProbePlan> plan, String why) {}

    private static final Pattern PY_DEF = Pattern.compile("^(\\s*)(?:async\\s+)?def\\s+(\\w+)\\s*\\(");
    private static final Pattern PY_IMPORT = Pattern.compile("^(?:import|from)\\s.*");

    /**
     * The probe of the method or function around {@code file}:{@code line} through the calls
     * the failing tests make of it.
     *
     * @param read      the text of a repository file (before any patch), empty when it cannot be read
     * @param files     the repository's files, to find the failing tests' sources
     * @param failing   the baseline's failing test ids
     */
    public static Planned of(String file, int line, List<String> failing, List<String> files,
            Function<String, Optional<String>> read) {
        if (file.endsWith(".java")) {
            return java(file, line, failing, files, read);
        }
        if (file.endsWith(".py")) {
            return python(file, line, failing, read);
        }
        return none("the probe calls Java and Python code only, not " + file);
    }

    private static Planned none(String why) {
        return new Planned(Optional.empty(), why);
    }

    private static Planned python(String file, int line, List<String> failing,
            Function<String, Optional<String>> read) {
        Optional<String> text = read.apply(file);
        if (text.isEmpty()) {
            return none("cannot read " + file);
        }
        String[] lines = text.get().split("\n", -1);
        String function = null;
        for (int i = Math.min(line, lines.length) - 1; i >= 0 && function == null; i--) {
            Matcher m = PY_DEF.matcher(lines[i]);
            if (m.find()) {
                if (!m.group(1).isEmpty()) {
                    return none("the fix changes " + m.group(2) + ", which is not a module-level function");
                }
                function = m.group(2);
            }
        }
        if (function == null) {
            return none("the fix's line " + file + ":" + line + " is in no function");
        }
        Set<String> testFiles = new LinkedHashSet<>();
        failing.forEach(t -> testFiles.add(t.contains("::") ? t.substring(0, t.indexOf("::")) : t));
        for (String testFile : testFiles) {
            Optional<String> test = testFile.endsWith(".py") ? read.apply(testFile) : Optional.empty();
            if (test.isEmpty()) {
                continue;
            }
            List<TestCalls.PythonCall> calls = TestCalls.python(test.get(), function);
            if (calls.isEmpty()) {
                continue;
            }
            String callee = calls.get(0).callee();
            int arity = calls.get(0).arguments().size();
            List<List<String>> own = calls.stream().filter(c -> c.callee().equals(callee)
                    && c.arguments().size() == arity).map(TestCalls.PythonCall::arguments).toList();
            List<Parameter> parameters = own.get(0).stream().map(a -> new Parameter(pythonKind(a), "")).toList();
            List<String> rendered = ProbeInputs.derive(Language.PYTHON, parameters, own, MAX_INPUTS).stream()
                    .map(args -> callee + "(" + String.join(", ", args) + ")").toList();
            int slash = testFile.lastIndexOf('/');
            String path = (slash < 0 ? "" : testFile.substring(0, slash + 1)) + "test_repofix_behaviour_probe.py";
            return new Planned(Optional.of(new ProbePlan(Language.PYTHON, path,
                    pythonSource(imports(test.get()), rendered), rendered)), "");
        }
        return none("the failing tests make no call of " + function + " with literal arguments");
    }

    static Kind pythonKind(String literal) {
        String t = literal.strip();
        if (t.matches("-?\\d+")) {
            return Kind.INTEGER;
        }
        if (t.matches("-?\\d*\\.\\d+([eE]-?\\d+)?|-?\\d+\\.\\d*")) {
            return Kind.DECIMAL;
        }
        if (t.equals("True") || t.equals("False")) {
            return Kind.BOOLEAN;
        }
        if (t.matches("(?s)[bBuUrR]?(\".*\"|'.*')")) {
            return Kind.TEXT;
        }
        if (t.matches("[\\[(]\\s*(-?\\d+\\s*,\\s*)*(-?\\d+\\s*)?,?\\s*[\\])]")) {
            return Kind.INT_SEQUENCE;
        }
        return Kind.OTHER;
    }

    /** The test file's top-level imports, whole (a parenthesised one over several lines too). */
    static List<String> imports(String test) {
        List<String> out = new ArrayList<>();
        String[] lines = test.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!PY_IMPORT.matcher(lines[i]).matches()) {
                continue;
            }
            StringBuilder statement = new StringBuilder(lines[i]);
            while (statement.indexOf("(") >= 0 && statement.indexOf(")") < 0 && i + 1 < lines.length) {
                statement.append('\n').append(lines[++i]);
            }
            out.add(statement.toString());
        }
        return out;
    }

    static String pythonSource(List<String> imports, List<String> calls) {
        StringBuilder sb = new StringBuilder("# Written by repofix to compare two patches; not part of the project.\n");
        imports.forEach(i -> sb.append(i).append('\n'));
        sb.append("\n\ndef test_repofix_behaviour_probe():\n    out = []\n\n    def run(call):\n        try:\n"
                + "            out.append('returns ' + repr(call()))\n        except BaseException as e:\n"
                + "            out.append('throws ' + type(e).__name__)\n\n");
        calls.forEach(c -> sb.append("    run(lambda: ").append(c).append(")\n"));
        sb.append("    with open('").append(OUTPUT).append("', 'w', encoding='utf-8') as f:\n")
                .append("        f.write(''.join(line.replace('\\\\', '\\\\\\\\').replace('\\n', '\\\\n')[:")
                .append(MAX_VALUE + 16).append("] + '\\n' for line in out))\n");
        return sb.toString();
    }

    private static Planned java(String file, int line, List<String> failing, List<String> files,
            Function<String, Optional<String>> read) {
        Optional<CompilationUnit> unit = read.apply(file).flatMap(JavaSyntax::tree);
        if (unit.isEmpty()) {
            return none("cannot parse " + file);
        }
        Optional<MethodDeclaration> method = unit.get().findAll(MethodDeclaration.class).stream()
                .filter(m -> m.getRange().filter(r -> r.begin.line <= line && line <= r.end.line).isPresent())
                .reduce((a, b) -> b);
        if (method.isEmpty() || method.get().getBody().isEmpty()) {
            return none("the fix's line " + file + ":" + line + " is in no method");
        }
        MethodDeclaration m = method.get();
        if (!(m.getParentNode().orElse(null) instanceof ClassOrInterfaceDeclaration owner) || !owner.isTopLevelType()
                || owner.isInterface() || owner.isAbstract() || m.isPrivate() || !owner.getTypeParameters().isEmpty()) {
            return none("the fix changes " + m.getNameAsString() + ", which is not a non-private method of a "
                    + "top-level concrete class");
        }
        boolean constructible = owner.getConstructors().isEmpty() || owner.getConstructors().stream()
                .anyMatch(c -> c.getParameters().isEmpty() && !c.isPrivate());
        if (!m.isStatic() && !constructible) {
            return none(owner.getNameAsString() + " has no constructor without arguments to call "
                    + m.getNameAsString() + " on");
        }
        String pkg = unit.get().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        String receiver = m.isStatic() ? owner.getNameAsString() : "new " + owner.getNameAsString() + "()";
        List<Parameter> parameters = m.getParameters().stream()
                .map(p -> new Parameter(javaKind(p.getTypeAsString()), p.getTypeAsString())).toList();
        for (String id : failing) {
            String cls = TestReach.testClass(id);
            String suffix = "/" + cls.replace('.', '/') + ".java";
            Optional<String> testFile = files.stream().filter(f -> f.endsWith(suffix) || f.equals(suffix.substring(1)))
                    .findFirst();
            Optional<String> test = testFile.flatMap(read);
            if (test.isEmpty()) {
                continue;
            }
            List<List<String>> own = TestCalls.java(test.get(), m.getNameAsString(), parameters.size());
            String root = testFile.get().substring(0, testFile.get().length() - suffix.length() + 1);
            String path = root + (pkg.isEmpty() ? "" : pkg.replace('.', '/') + "/") + "RepofixBehaviourProbeTest.java";
            List<String> calls = ProbeInputs.derive(Language.JAVA, parameters, own, MAX_INPUTS).stream()
                    .map(args -> receiver + "." + m.getNameAsString() + "(" + String.join(", ", args) + ")").toList();
            return new Planned(Optional.of(new ProbePlan(Language.JAVA, path,
                    javaSource(pkg, junit(test.get()), m.getType().isVoidType(), calls), calls)), "");
        }
        return none("no source of the failing tests " + String.join(", ", failing) + " was found");
    }

    static Kind javaKind(String type) {
        String t = type.replace("java.lang.", "").replace("java.util.", "").replace(" ", "");
        if (t.matches("int|long|short|byte|Integer|Long|Short|Byte")) {
            return Kind.INTEGER;
        }
        if (t.matches("double|float|Double|Float")) {
            return Kind.DECIMAL;
        }
        if (t.matches("boolean|Boolean")) {
            return Kind.BOOLEAN;
        }
        if (t.matches("String|CharSequence")) {
            return Kind.TEXT;
        }
        if (t.matches("int\\[]|long\\[]|(List|Collection|Iterable)<(Integer|\\?extendsInteger|\\?extendsNumber)>")) {
            return Kind.INT_SEQUENCE;
        }
        return Kind.OTHER;
    }

    /** The test annotation the failing test's file uses (JUnit 5, JUnit 4, TestNG). */
    static String junit(String test) {
        if (test.contains("org.junit.jupiter")) {
            return "org.junit.jupiter.api.Test";
        }
        if (test.contains("org.testng")) {
            return "org.testng.annotations.Test";
        }
        return "org.junit.Test";
    }

    static String javaSource(String pkg, String annotation, boolean returnsVoid, List<String> calls) {
        StringBuilder sb = new StringBuilder();
        if (!pkg.isEmpty()) {
            sb.append("package ").append(pkg).append(";\n\n");
        }
        sb.append("/** Written by repofix to compare two patches; not part of the project. */\n")
                .append("public class RepofixBehaviourProbeTest {\n    private final StringBuilder out = new StringBuilder();\n\n")
                .append("    @").append(annotation).append("\n    public void probe() throws Exception {\n");
        for (String call : calls) {
            sb.append("        run(() -> ").append(returnsVoid ? "{ " + call + "; return \"(void)\"; }" : call)
                    .append(");\n");
        }
        sb.append("        java.nio.file.Files.write(java.nio.file.Paths.get(\"").append(OUTPUT)
                .append("\"), out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));\n    }\n\n")
                .append("    private void run(java.util.concurrent.Callable<Object> call) {\n        String line;\n")
                .append("        try {\n            Object v = call.call();\n")
                .append("            line = \"returns \" + (v != null && v.getClass().isArray() ? java.util.Arrays.deepToString(new Object[] {v})\n")
                .append("                    .replaceAll(\"^\\\\[|\\\\]$\", \"\") : String.valueOf(v));\n")
                .append("        } catch (Throwable t) {\n            line = \"throws \" + t.getClass().getName();\n        }\n")
                .append("        line = line.replace(\"\\\\\", \"\\\\\\\\\").replace(\"\\n\", \"\\\\n\").replace(\"\\r\", \"\\\\r\");\n")
                .append("        out.append(line, 0, Math.min(line.length(), ").append(MAX_VALUE + 16).append(")).append('\\n');\n")
                .append("    }\n}\n");
        return sb.toString();
    }
}
