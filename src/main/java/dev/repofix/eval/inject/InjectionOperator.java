package dev.repofix.eval.inject;

import dev.repofix.repair.propose.FixTemplates;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.source.Token;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import dev.repofix.stage.BugType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    /** {@code +} for {@code -}, {@code *} for {@code /}: the engine's arithmetic-op template. */
    ARITHMETIC("arithmetic", BugType.WRONG_OPERATOR, true),
    /**
     * A boolean literal flipped ({@code True}/{@code False}, {@code true}/{@code false}): the
     * engine's return-value template flips one only in a {@code return}, so not counted as in.
     */
    BOOLEAN_LITERAL("boolean-literal", BugType.WRONG_RETURN, false),
    /** Python: {@code self.total} read as {@code total} (a NameError, or a global of that name). */
    MISSING_SELF("missing-self", BugType.MISSING_SELF, false),
    /** Python: a {@code None} default argument made a shared {@code []}. */
    MUTABLE_DEFAULT("mutable-default", BugType.MUTABLE_DEFAULT, false),
    /** Python {@code /} made {@code //}; Java {@code / 2.0} made {@code / 2} and a {@code (double)} cast dropped. */
    INTEGER_DIVISION("integer-division", BugType.INTEGER_DIVISION, false),
    /** Java: {@code a.equals(b)} made {@code a == b}, {@code !a.equals(b)} made {@code a != b}. */
    REFERENCE_EQUALITY("equals-to-identity", BugType.REFERENCE_EQUALITY, false),
    /** Java: {@code opt.orElse(x)} made {@code opt.get()}, which throws on an empty Optional. */
    UNCHECKED_OPTIONAL("unchecked-optional", BugType.UNCHECKED_OPTIONAL, false),
    /** Python (MLDebugging): a call's keyword argument dropped, or its literal value changed. */
    KEYWORD_ARGUMENT("keyword-argument", BugType.FUNCTION_PARAMETER, false, "python"),
    /** Python (MLDebugging): a parameter's literal default or a module constant (UPPER_CASE) changed. */
    CONFIGURATION("configuration-value", BugType.PARAMETER_CONFIGURATION, false, "python"),
    /** Python (MLDebugging): in {@code from m import a, b}, {@code a} bound to its sibling {@code b}. */
    IMPORT_SIBLING("import-sibling", BugType.IMPORT_ERROR, false, "python"),
    /** Python (MLDebugging): a conversion call dropped ({@code list(x)}, {@code np.asarray(x)}, {@code x.tolist()}). */
    CONVERSION_DROPPED("conversion-dropped", BugType.DATA_TRANSFER, false, "python"),
    /**
     * Java and Python: a variable or field read or written as another of the same declared type (Java)
     * or another name in scope (Python); the engine's wrong-variable templates undo it.
     */
    WRONG_VARIABLE("wrong-variable", BugType.WRONG_VARIABLE, true),
    /**
     * Java and Python: a statement that has its line to itself deleted (an assignment, a call, an
     * increment; in Python never the only one of its block); no template adds a statement back.
     */
    STATEMENT_DELETED("statement-deleted", BugType.LOGIC, false),
    /** {@code i++} made {@code i--} (Java), {@code x += k} made {@code x -= k} (Java and Python), and back. */
    INCREMENT("increment-change", BugType.WRONG_OPERATOR, false),
    /** Java and Python: two arguments of a call swapped (the engine's swap-args templates undo it). */
    CALL_ARGUMENTS("swap-arguments", BugType.FUNCTION_PARAMETER, true),
    /** Java: one operand of a {@code &&} or {@code ||} dropped; no template adds a clause back. */
    CONDITION_CLAUSE("drop-condition-clause", BugType.CONDITION, false, "java");

    /**
     * The bug types of the taxonomy that no operator makes mechanically: only the
     * model-driven injector ({@code eval inject --model}) makes them.
     */
    public static final Set<BugType> MODEL_DRIVEN_ONLY = Collections.unmodifiableSet(
            EnumSet.of(BugType.TYPE_MISMATCH, BugType.FUNCTION_MISUSE, BugType.REQUIREMENT_MISUNDERSTANDING));

    private static final Pattern SELF_READ = Pattern.compile("\\bself\\.(\\w+)\\b(?!\\s*=[^=])");
    private static final Pattern NONE_DEFAULT = Pattern.compile("\\b(\\w+)(\\s*=\\s*)None\\b");
    private static final Pattern DOUBLE_CAST = Pattern.compile("\\(double\\)\\s*");
    private static final Pattern FLOAT_DIVISOR = Pattern.compile("/(\\s*)(\\d+)\\.0\\b");
    private static final Pattern EQUALS_CALL = Pattern.compile("(!?)([\\w.]+(?:\\(\\))?)\\.equals\\(([^()]+)\\)");
    private static final Pattern OR_ELSE = Pattern.compile("\\.orElse(Get)?\\((?:[^()]|\\([^()]*\\))*\\)");

    private static final Map<String, String> ARITHMETIC_SWAPS = Map.of("+", "-", "-", "+", "*", "/", "/", "*");
    private static final Map<String, String> FLOOR = Map.of("/", "//");
    private static final Set<String> BOOLEANS = Set.of("True", "False", "true", "false");
    /** The engine's token templates by name, made once: every line of every file asks them. */
    private static final Map<String, FixTemplate> TEMPLATES = FixTemplates.defaults().stream()
            .collect(java.util.stream.Collectors.toMap(FixTemplate::name, t -> t, (a, b) -> a));

    private final String template;
    private final BugType bugType;
    private final boolean inTemplates;
    /** The language the operator's mutation is written for, when narrower than its bug type's. */
    private final Optional<String> language;

    InjectionOperator(String template, BugType bugType, boolean inTemplates) {
        this(template, bugType, inTemplates, null);
    }

    InjectionOperator(String template, BugType bugType, boolean inTemplates, String language) {
        this.template = template;
        this.bugType = bugType;
        this.inTemplates = inTemplates;
        this.language = Optional.ofNullable(language).or(bugType::language);
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

    /**
     * Whether the operator applies to {@code file}: its own language, else its bug type's ({@link BugType#language()}),
     * so that a language gains operators by rows of the one table; a type of no language applies to all.
     */
    public boolean appliesTo(SourceFile file) {
        return language.map(l -> switch (l) {
            case "python" -> file.language() == SourceLanguage.PYTHON;
            case "java" -> file.path().endsWith(".java");
            default -> false;
        }).orElse(true);
    }

    /** The buggy versions of {@code line} this operator makes, each one edit; none in a file it does not apply to. */
    public List<LineEdit> mutate(SourceFile file, int line) {
        return mutate(file, line, new TreeSites());
    }

    /** As {@link #mutate(SourceFile, int)}, with Java files parsed once in {@code java} for every line and operator. */
    List<LineEdit> mutate(SourceFile file, int line, TreeSites trees) {
        if (!appliesTo(file)) {
            return List.of();
        }
        String text = file.line(line);
        boolean def = text.stripLeading().startsWith("def ");
        return switch (this) {
            case RELATIONAL, NEGATION, OFF_BY_ONE, LOGICAL -> fromTemplate(file, line);
            case ARITHMETIC -> swapBinary(file, line, ARITHMETIC_SWAPS);
            case BOOLEAN_LITERAL -> booleans(file, line);
            case MISSING_SELF -> def ? List.of() : replacing(file, line, SELF_READ, m -> m.group(1));
            case MUTABLE_DEFAULT -> def ? replacing(file, line, NONE_DEFAULT, m -> m.group(1) + m.group(2) + "[]")
                    : List.of();
            case INTEGER_DIVISION -> file.language() == SourceLanguage.PYTHON ? swapBinary(file, line, FLOOR)
                    : javaIntegerDivision(file, line);
            case REFERENCE_EQUALITY -> replacing(file, line, EQUALS_CALL,
                    m -> m.group(2) + (m.group(1).isEmpty() ? " == " : " != ") + m.group(3).strip());
            case UNCHECKED_OPTIONAL -> replacing(file, line, OR_ELSE, m -> ".get()");
            case KEYWORD_ARGUMENT -> PythonCallMutations.keywordArguments(file, line);
            case CONFIGURATION -> PythonCallMutations.configuration(file, line);
            case IMPORT_SIBLING -> PythonCallMutations.importSiblings(file, line);
            case CONVERSION_DROPPED -> PythonCallMutations.conversions(file, line);
            // The syntax-tree rows answer for Java and Python files only (none for other languages).
            case WRONG_VARIABLE -> trees.template("wrong-variable", file, line);
            case STATEMENT_DELETED -> trees.template("remove-statement", file, line);
            case INCREMENT -> trees.increments(file, line);
            case CALL_ARGUMENTS -> trees.template("swap-args", file, line);
            case CONDITION_CLAUSE -> trees.template("condition-clause", file, line).stream()
                    .filter(e -> e.description().startsWith("dropped")).toList();
        };
    }

    /** One edit per match of {@code pattern} that starts in code (not in a string or comment). */
    private static List<LineEdit> replacing(SourceFile file, int line, Pattern pattern,
            Function<Matcher, String> replacement) {
        List<LineEdit> out = new ArrayList<>();
        String text = file.line(line);
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            if (file.isCode(line, m.start())) {
                String with = replacement.apply(m);
                out.add(new LineEdit(line, text.substring(0, m.start()) + with + text.substring(m.end()),
                        "`" + m.group() + "` -> `" + with + "`"));
            }
        }
        return out;
    }

    /** Java: a division's {@code (double)} cast dropped, or its {@code N.0} divisor made {@code N}. */
    private static List<LineEdit> javaIntegerDivision(SourceFile file, int line) {
        if (!file.line(line).contains("/")) {
            return List.of();
        }
        List<LineEdit> out = new ArrayList<>(replacing(file, line, DOUBLE_CAST, m -> ""));
        out.addAll(replacing(file, line, FLOAT_DIVISOR, m -> "/" + m.group(1) + m.group(2)));
        return out;
    }

    private static boolean binary(Token before) {
        return before.kind() == Token.Kind.IDENTIFIER || before.kind() == Token.Kind.NUMBER
                || before.kind() == Token.Kind.CLOSE;
    }

    private List<LineEdit> fromTemplate(SourceFile file, int line) {
        FixTemplate t = TEMPLATES.get(template);
        return t == null ? List.of() : t.propose(file, line);
    }

    /** Each binary operator of {@code swaps} made its swap, one edit each. */
    private static List<LineEdit> swapBinary(SourceFile file, int line, Map<String, String> swaps) {
        List<LineEdit> out = new ArrayList<>();
        List<Token> tokens = file.tokens(line);
        for (int i = 1; i + 1 < tokens.size(); i++) {
            Token t = tokens.get(i);
            String swap = swaps.get(t.text());
            // Binary only: an operand on each side (a name, number or closing bracket before it).
            if (t.kind() == Token.Kind.OPERATOR && swap != null && binary(tokens.get(i - 1))) {
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
