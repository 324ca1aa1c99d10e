package dev.repofix.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameWindowTest {
    static List<String> lines(int padding, String... body) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < padding; i++) {
            out.add("    // filler " + i);
        }
        out.addAll(List.of(body));
        for (int i = 0; i < padding; i++) {
            out.add("    // filler " + i);
        }
        return out;
    }

    @Test
    void widensToShortEnclosingJavaMethod() {
        List<String> body = new ArrayList<>(List.of("    public int sum(int[] xs) {", "        int s = 0;"));
        for (int i = 0; i < 30; i++) {
            body.add("        s += xs[" + i + "];");
        }
        body.addAll(List.of("        if (s > 0) {", "            return s;", "        }", "        return 0;", "    }"));
        List<String> lines = lines(50, body.toArray(String[]::new));

        // line 51 is the declaration, 87 the closing brace; the frame is at the return, line 84
        assertThat(FrameWindow.around(lines, 84)).containsExactly(51, 104);
        assertThat(FrameWindow.enclosingFunction(lines, 84)).containsExactly(51, 87);
    }

    @Test
    void widensToEnclosingPythonFunction() {
        List<String> lines = new ArrayList<>(List.of("import os", "", "def total(items):", "    s = 0"));
        for (int i = 0; i < 25; i++) {
            lines.add("    s += items[" + i + "]");
        }
        lines.addAll(List.of("    return s", "", "", "def other():", "    pass"));

        assertThat(FrameWindow.enclosingFunction(lines, 30)).containsExactly(3, 30);
        assertThat(FrameWindow.around(lines, 30)).containsExactly(3, 34);
    }

    @Test
    void keepsMarginWhenNoFunctionEncloses() {
        List<String> lines = lines(60, "x = 1");

        assertThat(FrameWindow.enclosingFunction(lines, 61)).isNull();
        assertThat(FrameWindow.around(lines, 61)).containsExactly(41, 81);
        assertThat(FrameWindow.around(lines, 500)).containsExactly(101, 121);
    }

    /** The declaration pattern backtracked cubically: minutes on a line of 10,000 characters with calls. */
    @Test
    void findsTheFunctionAboveALongLineOfCallsAtOnce() {
        List<String> body = new ArrayList<>(List.of("    static int sum() {",
                "    static final int[] TABLE = {" + "f(a), ".repeat(20_000) + "};", "        int s = 0;"));
        body.addAll(List.of("        return s;", "    }"));

        assertThat(FrameWindow.enclosingFunction(body, 4)).containsExactly(1, 5);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"    public int sum(int[] xs) {", "  void f() { // note {",
            "    int f(int a) throws E {", "f (x) {", "    if (a) {", "a) {", "f(a) ; {", "f(a = 1) {", "(a) f() {",
            "f(a) {} x", "  run(() -> {", "  run(x -> x); {", "f(a)\u000B{\t// x", "g(a)(b) { "})
    void readsDeclarationsAsThePatternDid(String line) {
        boolean pattern = line.matches(".*\\w\\s*\\(.*\\)[^;=]*\\{\\s*(//.*)?");

        assertThat(FrameWindow.isBraceDeclaration(line)).as(line).isEqualTo(pattern);
    }
}
