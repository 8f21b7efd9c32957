import { describe, expect, it } from 'vitest';
import { clip, fold, plainLine, plainText } from './text';

describe('plain text from HTML', () => {
  it('keeps the text of tags and drops the tags', () => {
    expect(plainLine('<div>Disgraced <i>Imperial</i> Cartographer</div>')).toBe(
      'Disgraced Imperial Cartographer',
    );
  });
  it('drops scripts and styles with their content, and event-handler attributes with the tag', () => {
    expect(
      plainLine(
        'Hi<script>alert("x")</script> there<style>b{}</style><img src=x onerror=alert(1)>',
      ),
    ).toBe('Hi there');
    expect(plainLine('<SCRIPT type="text/javascript">evil()</SCRIPT >ok')).toBe('ok');
    expect(plainLine('cut <script>never closed')).toBe('cut');
  });
  it('decodes entities once, so escaped markup stays text', () => {
    expect(plainLine('Fish &amp; Chips&nbsp;&#x2014;&#8212; &lt;b&gt;')).toBe(
      'Fish & Chips —— <b>',
    );
    expect(plainLine('&amp;lt;')).toBe('&lt;');
    expect(plainLine('&#xD800; &bogus;')).toBe('&#xD800; &bogus;');
  });
  it('turns block tags into line breaks in multi-line text', () => {
    expect(plainText('+2 to Notice<br>when lost<div>at sea</div>')).toBe(
      '+2 to Notice\nwhen lost\nat sea',
    );
  });
  it('removes controls and bidi overrides the sheet schema refuses', () => {
    expect(plainLine('a\u0000b\u202Ec\u2066d')).toBe('abcd');
    expect(plainText('line\ttab\nnext\u0007')).toBe('line\ttab\nnext');
  });
  it('clips at a code point boundary', () => {
    expect(clip('ab😀', 3)).toEqual({ text: 'ab', cut: true });
    expect(clip('abc', 3)).toEqual({ text: 'abc', cut: false });
  });
  it('folds labels for matching: case, accents, punctuation, markup', () => {
    expect(fold('<b>HIGH&nbsp;CONCEPT</b>')).toBe('high concept');
    expect(fold('Conséquences:')).toBe('consequences');
  });
});
