package dev.repofix.stage;

import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.model.ChatMessage;
import dev.repofix.model.ModelException;
import dev.repofix.model.WindowTokens;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Fits one request into a model's context window: prompt tokens plus the answer budget at
 * most the window. What is cut, in this order of sacrifice: the code context (its tail: the
 * stack-trace files come first), the instructions (the middle of the user message: its
 * head and its answer format stay), a re-ask's history (older exchanges first, then the
 * wrong answer's tail), and last the answer budget. The answer keeps a reserve that the
 * prompt's cuts protect: a quarter of the window, at least {@value #MIN_ANSWER} tokens, at
 * most the answer budget. A request that still does not fit is refused before it is sent.
 * Pure.
 */
final class WindowFit {
    /** An answer smaller than this holds no JSON worth reading. */
    static final int MIN_ANSWER = 256;
    /** The instructions are never cut below this: with less, the model would not know what to answer. */
    static final int MIN_INSTRUCTIONS = 192;
    /** Room for a cut's marker line. */
    private static final int MARK = 24;

    private final int window;
    private final int maxAnswer;
    private final WindowTokens tokens;

    /** A request that fits, and what was cut to make it fit (empty when nothing was). */
    record Fitted(List<ChatMessage> messages, int maxTokens, List<String> cuts) {
        Fitted {
            messages = List.copyOf(messages);
            cuts = List.copyOf(cuts);
        }
    }

    WindowFit(int window, int maxAnswer, WindowTokens tokens) {
        this.window = window;
        this.maxAnswer = maxAnswer;
        this.tokens = Objects.requireNonNull(tokens, "tokens");
    }

    /**
     * @param stage   the stage, named in a refusal
     * @param context the code context as rendered for the prompt
     * @param prompt  the stage's prompt (system and user message) around a code context
     * @param history a re-ask's exchanges so far: answer, reason, answer, reason...; empty on a first ask
     * @throws ModelException (input) when the request cannot fit, naming the numbers
     */
    Fitted fit(String stage, String context, Function<String, List<ChatMessage>> prompt, List<ChatMessage> history) {
        int room = window - Math.min(maxAnswer, Math.max(MIN_ANSWER, window / 4));
        List<String> cuts = new ArrayList<>();
        List<ChatMessage> base = prompt.apply(context);
        List<ChatMessage> past = new ArrayList<>(history);
        int need = tokens.count(joined(base, past));
        if (need > room && !context.isBlank()) {
            int before = tokens.count(context);
            String shown = head(context, before - (need - room) - MARK, "code left out to fit the model's window");
            base = prompt.apply(shown);
            need = tokens.count(joined(base, past));
            cuts.add("code context " + before + " -> " + tokens.count(shown) + " tokens");
        }
        if (need > room) {
            int at = lastUser(base);
            String user = base.get(at).content();
            int before = tokens.count(user);
            int keep = Math.max(MIN_INSTRUCTIONS, before - (need - room) - MARK);
            if (keep < before) {
                List<ChatMessage> cut = new ArrayList<>(base);
                cut.set(at, ChatMessage.user(middleCut(user, keep)));
                base = cut;
                need = tokens.count(joined(base, past));
                cuts.add("instructions " + before + " -> " + tokens.count(base.get(at).content()) + " tokens");
            }
        }
        if (need > room && !past.isEmpty()) {
            int before = tokens.count(past);
            while (need > room && past.size() > 2) {
                past.subList(0, 2).clear(); // the oldest answer and its reason
                need = tokens.count(joined(base, past));
            }
            if (need > room && past.get(0).role() == ChatMessage.Role.ASSISTANT) {
                String answer = past.get(0).content();
                past.set(0, ChatMessage.assistant(head(answer, tokens.count(answer) - (need - room) - MARK,
                        "rest of the answer left out to fit the model's window")));
                need = tokens.count(joined(base, past));
            }
            cuts.add("re-ask history " + before + " -> " + tokens.count(past) + " tokens");
        }
        int answer = Math.min(maxAnswer, window - need);
        int least = Math.min(maxAnswer, MIN_ANSWER);
        if (answer < least) {
            throw new ModelException(ErrorKind.INPUT, "the " + stage + " request does not fit the model's window of "
                    + window + " tokens (--model-context): after every cut (" + String.join(", ", cuts)
                    + ") its prompt needs " + need + " tokens (" + tokens.describe() + ") and its answer at least "
                    + least + "; not sent. Raise --model-context if the server allows it, or ask a model with a "
                    + "larger window");
        }
        if (answer < maxAnswer) {
            cuts.add("answer budget " + maxAnswer + " -> " + answer + " tokens");
        }
        return new Fitted(joined(base, past), answer, cuts);
    }

    private static List<ChatMessage> joined(List<ChatMessage> a, List<ChatMessage> b) {
        List<ChatMessage> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static int lastUser(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ChatMessage.Role.USER) {
                return i;
            }
        }
        throw new IllegalArgumentException("a prompt without a user message");
    }

    /** Whole lines from the start of {@code text} within {@code keep} tokens, and a line saying what went. */
    private String head(String text, int keep, String what) {
        List<String> lines = text.lines().toList();
        StringBuilder out = new StringBuilder();
        int used = 0;
        int i = 0;
        for (; i < lines.size(); i++) {
            int cost = tokens.count(lines.get(i) + "\n");
            if (used + cost > keep) {
                break;
            }
            used += cost;
            out.append(lines.get(i)).append('\n');
        }
        return i == lines.size() ? text : out + "[... " + (lines.size() - i) + " lines of " + what + " ...]\n";
    }

    /** The head (a third of {@code keep}) and the tail (the rest) of {@code text} in whole lines, the middle cut. */
    private String middleCut(String text, int keep) {
        List<String> lines = text.lines().toList();
        int headBudget = keep / 3;
        int tailBudget = keep - headBudget;
        int first = 0;
        int used = 0;
        while (first < lines.size() && used + tokens.count(lines.get(first) + "\n") <= headBudget) {
            used += tokens.count(lines.get(first) + "\n");
            first++;
        }
        int last = lines.size();
        used = 0;
        while (last > first && used + tokens.count(lines.get(last - 1) + "\n") <= tailBudget) {
            used += tokens.count(lines.get(last - 1) + "\n");
            last--;
        }
        if (first >= last) {
            return text;
        }
        return String.join("\n", lines.subList(0, first)) + "\n[... " + (last - first) + " lines left out to fit "
                + "the model's window ...]\n" + String.join("\n", lines.subList(last, lines.size()));
    }
}
