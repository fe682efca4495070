package io.agentscope.examples.kit;

import io.agentscope.core.ReActAgent;
import io.agentscope.core.permission.PermissionBehavior;
import io.agentscope.core.permission.PermissionContextState;
import io.agentscope.core.permission.PermissionRule;
import io.agentscope.core.state.AgentStateStore;
import io.agentscope.core.state.JsonFileAgentStateStore;
import io.agentscope.core.tool.Toolkit;
import io.agentscope.core.tool.ToolkitConfig;
import io.agentscope.extensions.agentprotocol.AgentProtocolController;
import io.agentscope.extensions.agentprotocol.RuntimeContextCustomizer;
import io.agentscope.harness.agent.HarnessAgent;
import io.agentscope.harness.agent.gateway.InMemorySubagentRegistry;
import io.agentscope.harness.agent.gateway.SubagentRegistry;
import io.agentscope.harness.agent.subagent.SubagentDeclaration;
import io.agentscope.harness.agent.subagent.protocol.RemoteStreamDetail;
import io.agentscope.spring.boot.agui.common.AguiAgentId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.HandlerTypePredicate;
import org.springframework.web.servlet.config.annotation.PathMatchConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * One agent for every session and every transport, the way AgentScope 2.0 recommends: the session is chosen per
 * call by the {@code RuntimeContext} (native bridge: the path's session id; AG-UI: the thread id; Agent Protocol:
 * {@code context.attributes.session_id}, else the task id), and its state lives in an {@link AgentStateStore}
 * on disk, so conversations survive a restart.
 */
@Configuration
public class KitAgentConfiguration {

    /** Every tool is allowed by a rule except {@code delete_file}, which falls to the engine's default ASK. */
    static final PermissionContextState PERMISSIONS = permissions(
            List.of("get_weather", "tail_log", "lookup_order", "render_chart", "read_browser_page", "agent_spawn"));

    /** The Agent Protocol attribute the kit sends to continue a conversation across tasks. */
    static final String SESSION_ATTRIBUTE = "session_id";

    private static PermissionContextState permissions(List<String> allowed) {
        PermissionContextState.Builder builder = PermissionContextState.builder();
        for (String tool : allowed) builder.addAllowRule(tool, new PermissionRule(tool, null, PermissionBehavior.ALLOW, "userSettings"));
        return builder.build();
    }

    @Bean
    AgentStateStore agentStateStore(@Value("${kit.state-dir}") String stateDir) {
        return new JsonFileAgentStateStore(Path.of(stateDir));
    }

    /** The subagents exposed with {@code expose_to_user}: their {@code subagentId} names their session. */
    @Bean
    SubagentRegistry exposedSubagents() {
        return new InMemorySubagentRegistry();
    }

    /**
     * Registered with AG-UI as {@code assistant}; the Agent Protocol store runs it too. {@code gateway()} wires the
     * harness's own gateway bridge into {@code agent_spawn} (HarnessAgent.ensureGateway), which is what makes
     * {@code expose_to_user} expose a subagent: without it the argument is ignored.
     */
    @Bean
    @AguiAgentId("assistant")
    HarnessAgent assistant(
            AgentStateStore stateStore,
            SubagentRegistry exposedSubagents,
            @Value("${kit.pace-ms:25}") long paceMs,
            @Value("${kit.max-iters:3}") int maxIters,
            @Value("${kit.workspace}") String workspace,
            @Value("${kit.remote-url:}") String remoteUrl) {
        Duration pace = Duration.ofMillis(paceMs);
        Toolkit toolkit = new Toolkit(ToolkitConfig.builder().parallel(true).build());
        toolkit.registerTool(new DemoTools(pace));
        HarnessAgent.Builder builder = HarnessAgent.builder()
                .name("assistant")
                .sysPrompt("You are a helpful assistant.")
                .model(new ScriptedModel(pace))
                .toolkit(toolkit)
                .maxIters(maxIters)
                .permissionContext(PERMISSIONS)
                .stateStore(stateStore)
                .workspace(Path.of(workspace))
                // one agent serves concurrent sessions (the Agent Protocol store shares it between tasks)
                .checkRunning(false)
                // the scripted model answers the demo's prompts only: no model-driven housekeeping
                .disableCompaction()
                .disableMemoryTools()
                .disableMemoryHooks()
                .disableToolResultEviction()
                .disableFilesystemTools()
                .disableShellTool()
                .disableDynamicSkills()
                .disableDefaultWorkspaceSkills()
                .skillsEnabled(false)
                .disableDynamicSubagents()
                .subagent(SubagentDeclaration.builder()
                        .name("researcher")
                        .description("Looks things up and reports back")
                        .inlineAgentsBody("You research what you are asked and answer briefly.")
                        .build())
                // a subagent with the same permission rules and state store: its delete_file asks the user itself
                .subagentFactory("checker", id -> checker(pace, stateStore));
        if (!remoteUrl.isBlank()) {
            // a remote subagent: agent_spawn submits an Agent Protocol task to remoteUrl and forwards its events
            builder.subagent(SubagentDeclaration.builder()
                    .name("remote-researcher")
                    .description("Looks things up on another server")
                    .url(remoteUrl)
                    .remoteStreamDetail(RemoteStreamDetail.VERBOSE)
                    .build());
        }
        HarnessAgent agent = builder.build();
        agent.gateway().setSubagentRegistry(exposedSubagents);
        return agent;
    }

    private static ReActAgent checker(Duration pace, AgentStateStore stateStore) {
        Toolkit toolkit = new Toolkit(ToolkitConfig.builder().parallel(true).build());
        toolkit.registerTool(new DemoTools(pace));
        return ReActAgent.builder()
                .name("checker")
                .sysPrompt("You check things carefully.")
                .model(new ScriptedModel(pace))
                .toolkit(toolkit)
                .permissionContext(PERMISSIONS)
                .stateStore(stateStore)
                .build();
    }

    /** Agent Protocol runs each task in the session named by the task id; a kit conversation spans tasks. */
    @Bean
    RuntimeContextCustomizer sessionFromAttributes() {
        return (request, builder) -> {
            String session = request.attributeString(SESSION_ATTRIBUTE);
            if (session != null && !session.isBlank()) builder.sessionId(session);
        };
    }

    /** The Agent Protocol controller maps {@code /tasks}; the kit's demo proxies {@code /api} only. */
    @Bean
    WebMvcConfigurer agentProtocolUnderApi() {
        return new WebMvcConfigurer() {
            @Override
            public void configurePathMatch(PathMatchConfigurer configurer) {
                configurer.addPathPrefix("/api", HandlerTypePredicate.forAssignableType(AgentProtocolController.class));
            }
        };
    }
}
