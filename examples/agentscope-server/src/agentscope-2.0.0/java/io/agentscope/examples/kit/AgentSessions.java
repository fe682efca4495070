package io.agentscope.examples.kit;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.agent.RuntimeContext;
import io.agentscope.core.message.Msg;
import io.agentscope.core.permission.PermissionBehavior;
import io.agentscope.core.permission.PermissionContextState;
import io.agentscope.core.permission.PermissionRule;
import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.ToolkitConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** One ReActAgent per session id, each with the scripted model, the demo tools and the permission rules. */
@Component
public class AgentSessions {

    /**
     * Every tool is allowed by a rule except {@code delete_file}, which falls to the engine's
     * default ASK. A non-trivial permission context also makes ReActAgent use the full
     * PermissionEngine, so an "always allow" rule sent with a ConfirmResult takes effect.
     */
    static final PermissionContextState PERMISSIONS = permissions(
            List.of("get_weather", "tail_log", "lookup_order", "render_chart", "read_browser_page"));

    private final Map<String, ReActAgent> agents = new ConcurrentHashMap<>();
    private final Duration pace;
    private final int maxIters;

    AgentSessions(@Value("${kit.pace-ms:25}") long paceMs, @Value("${kit.max-iters:3}") int maxIters) {
        this.pace = Duration.ofMillis(paceMs);
        this.maxIters = maxIters;
    }

    private static PermissionContextState permissions(List<String> allowed) {
        PermissionContextState.Builder builder = PermissionContextState.builder();
        for (String tool : allowed) builder.addAllowRule(tool, new PermissionRule(tool, null, PermissionBehavior.ALLOW, "userSettings"));
        return builder.build();
    }

    /** The session's agent, created on first use. */
    ReActAgent agent(String sessionId) {
        return agents.computeIfAbsent(sessionId, id -> createAgent());
    }

    /** The RuntimeContext that selects the session's state slot inside the agent. */
    static RuntimeContext context(String sessionId) {
        return RuntimeContext.builder().sessionId(sessionId).build();
    }

    /** The session's stored context (AgentScope's memory): one ASSISTANT Msg per model call, TOOL messages with results. */
    List<Msg> messages(String sessionId) {
        ReActAgent agent = agents.get(sessionId);
        return agent == null ? List.of() : agent.getAgentState(null, sessionId).getContext();
    }

    private ReActAgent createAgent() {
        // ToolkitConfig defaults to sequential execution in 2.0.0; parallel makes streamed outputs interleave.
        Toolkit toolkit = new Toolkit(ToolkitConfig.builder().parallel(true).build());
        toolkit.registerTool(new DemoTools(pace));
        return ReActAgent.builder()
                .name("assistant")
                .sysPrompt("You are a helpful assistant.")
                .model(new ScriptedModel(pace))
                .toolkit(toolkit)
                .maxIters(maxIters)
                .permissionContext(PERMISSIONS)
                .build();
    }
}
