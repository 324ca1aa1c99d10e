package dev.repofix.eval;

import dev.repofix.repair.FixTemplate;
import dev.repofix.repair.FixTemplates;
import dev.repofix.repair.LineEdit;
import dev.repofix.repair.SourceFile;
import dev.repofix.repair.Token;
import dev.repofix.stage.BugType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The mutation operators bugs are injected with, each with the bug type (of {@link BugType}) a case records.
 * One table: the builtin engine's own fix templates (a template that fixes a bug also
 * makes one), and operators it has no template for, so that a benchmark of injected
 * bugs is not circular for the builtin engine ({@link #inTemplates()} says which).
 */
public enum InjectionOperator {
    /** {@code <} for {@code <=} and the like: the engine's relational template. */
    RELATIONAL("relational-op", BugType.CONDITION, true),
    /** A negated or un-negated condition. */
    NEGATION("negate-condition", BugType.CONDITION, true),
    /** An integer literal or bound one off. */
    OFF_BY_ONE("off-by-one", BugType.OFF_BY_ONE, true),
    /** {@code &&} for {@code ||}, {@code and} for {@code or}. */
    LOGICAL("logical-op", BugType.LOGIC, true),
    /** {@code +} for {@code -}, {@code *} for {@code /}: no template of the engine makes this change. */
    ARITHMETIC("arithmetic", BugType.WRONG_OPERATOR, false),
    /** A boolean literal flipped ({@code True}/{@code False}, {@code true}/{@code false}): no template either. */
    BOOLEAN_LITERAL("boolean-literal", BugType.WRONG_RETURN, false);

    private static final Map<String, String> ARITHMETIC_SWAPS = Map.of("+", "-", "-", "+", "*", "/", "/", "*");
    private static final Set<String> BOOLEANS = Set.of("True", "False", "true", "false");
    /** The engine's token templates by name, made once: every line of every file asks them. */
    private static final Map<String, FixTemplate> TEMPLATES = FixTemplates.defaults().stream()
            .collect(java.util.stream.Collectors.toMap(FixTemplate::name, t -> t, (a, b) -> a));

    private final String template;
    private final BugType bugType;
    private final boolean inTemplates;

    InjectionOperator(String template, BugType bugType, boolean inTemplates) {
        this.template = template;
        this.bugType = bugType;
        this.inTemplates = inTemplates;
    }

    /** The bug type (of the one taxonomy, {@link BugType}) recorded in a case made by this operator. */
    public String bugType() {
        return bugType.label();
    }

    /** Whether the builtin engine has a fix template that undoes this operator. */
    public boolean inTemplates() {
        return inTemplates;
    }

    /** The operator's name, as cases tag it. */
    public String label() {
        return template;
    }

    /** The buggy versions of {@code line} this operator makes, each one edit. */
    public List<LineEdit> mutate(SourceFile file, int line) {
        return switch (this) {
            case RELATIONAL, NEGATION, OFF_BY_ONE, LOGICAL -> fromTemplate(file, line);
            case ARITHMETIC -> arithmetic(file, line);
            case BOOLEAN_LITERAL -> booleans(file, line);
        };
    }

    private List<LineEdit> fromTemplate(SourceFile file, int line) {
        FixTemplate t = TEMPLATES.get(template);
        return t == null ? List.of() : t.propose(file, line);
    }

    private static List<LineEdit> arithmetic(SourceFile file, int line) {
        List<LineEdit> out = new ArrayList<>();
        List<Token> tokens = file.tokens(line);
        for (int i = 1; i + 1 < tokens.size(); i++) {
            Token t = tokens.get(i);
            String swap = ARITHMETIC_SWAPS.get(t.text());
            // Binary only: an operand on each side (a name, number or closing bracket before it).
            Token before = tokens.get(i - 1);
            boolean binary = before.kind() == Token.Kind.IDENTIFIER || before.kind() == Token.Kind.NUMBER
                    || before.kind() == Token.Kind.CLOSE;
            if (t.kind() == Token.Kind.OPERATOR && swap != null && binary) {
                String text = file.line(line);
                out.add(new LineEdit(line, text.substring(0, t.start()) + swap + text.substring(t.end()),
                        "`" + t.text() + "` -> `" + swap + "`"));
            }
        }
        return out;
    }

    private static List<LineEdit> booleans(SourceFile file, int line) {
        List<LineEdit> out = new ArrayList<>();
        for (Token t : file.tokens(line)) {
            if (t.kind() == Token.Kind.IDENTIFIER && BOOLEANS.contains(t.text())) {
                String flipped = switch (t.text()) {
                    case "True" -> "False";
                    case "False" -> "True";
                    case "true" -> "false";
                    default -> "true";
                };
                String text = file.line(line);
                out.add(new LineEdit(line, text.substring(0, t.start()) + flipped + text.substring(t.end()),
                        "`" + t.text() + "` -> `" + flipped + "`"));
            }
        }
        return out;
    }
}
