/** The system directories the tests take programs from unless AGENTCHECK_TEST_PATH says otherwise. */
export const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";
