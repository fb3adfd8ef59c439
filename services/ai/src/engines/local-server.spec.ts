import { chooseModel } from './local-server';

describe('the model Lectern writes with on a local server', () => {
  it('takes OPENAI_MODEL when the server has it, by its full name or without `:latest`', () => {
    const models = ['llama3.2:latest', 'qwen2.5:7b-instruct', 'mistral:latest'];
    expect(chooseModel(models, 'mistral:latest')).toBe('mistral:latest');
    expect(chooseModel(models, 'mistral')).toBe('mistral:latest');
  });

  it('otherwise leaves out embedding, reranking and speech models and prefers one tuned for chat', () => {
    expect(chooseModel(['nomic-embed-text:latest', 'llama3.2:latest'], undefined)).toBe('llama3.2:latest');
    expect(chooseModel(['llama3.2:latest', 'qwen2.5:7b-instruct'], 'not-installed')).toBe(
      'qwen2.5:7b-instruct',
    );
    expect(
      chooseModel(['text-embedding-nomic-embed-text-v1.5', 'bge-reranker', 'whisper-1'], undefined),
    ).toBe(null);
    expect(chooseModel([], undefined)).toBeNull();
  });
});
