package lsp

import "encoding/json"

// The parts of the Language Server Protocol (3.17) the server speaks.
// Field names are the protocol's.

// Position is 0-based: a line and a column in UTF-16 code units.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is end-exclusive.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range of a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

type versionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type initializeParams struct {
	ProcessID        *int               `json:"processId"`
	RootURI          string             `json:"rootUri"`
	RootPath         string             `json:"rootPath"`
	WorkspaceFolders []workspaceFolder  `json:"workspaceFolders"`
	Capabilities     clientCapabilities `json:"capabilities"`
}

type workspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

type clientCapabilities struct {
	TextDocument struct {
		Hover struct {
			ContentFormat []string `json:"contentFormat"`
		} `json:"hover"`
		DocumentSymbol struct {
			HierarchicalDocumentSymbolSupport bool `json:"hierarchicalDocumentSymbolSupport"`
		} `json:"documentSymbol"`
	} `json:"textDocument"`
	General struct {
		PositionEncodings []string `json:"positionEncodings"`
	} `json:"general"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type contentChange struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

type didChangeParams struct {
	TextDocument   versionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                 `json:"contentChanges"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didSaveParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text"`
}

type textDocumentPositionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

type referenceParams struct {
	textDocumentPositionParams
	Context struct {
		IncludeDeclaration bool `json:"includeDeclaration"`
	} `json:"context"`
}

type formattingParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

// Diagnostic is LSP's diagnostic; severity 1 error, 2 warning, 3 information.
type Diagnostic struct {
	Range              Range                  `json:"range"`
	Severity           int                    `json:"severity"`
	Code               string                 `json:"code,omitempty"`
	CodeDescription    *codeDescription       `json:"codeDescription,omitempty"`
	Source             string                 `json:"source"`
	Message            string                 `json:"message"`
	RelatedInformation []relatedInformation   `json:"relatedInformation,omitempty"`
	Data               map[string]json.Number `json:"data,omitempty"`
}

type codeDescription struct {
	Href string `json:"href"`
}

type relatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// PublishDiagnosticsParams is what textDocument/publishDiagnostics sends.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// Hover is a hover's markdown.
type Hover struct {
	Contents MarkupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

// MarkupContent is markdown or plain text.
type MarkupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// CompletionItem is one proposal; InsertTextFormat 2 is a snippet.
type CompletionItem struct {
	Label            string         `json:"label"`
	Kind             int            `json:"kind,omitempty"`
	Detail           string         `json:"detail,omitempty"`
	Documentation    *MarkupContent `json:"documentation,omitempty"`
	InsertText       string         `json:"insertText,omitempty"`
	InsertTextFormat int            `json:"insertTextFormat,omitempty"`
	SortText         string         `json:"sortText,omitempty"`
}

// CompletionList is the answer to textDocument/completion.
type CompletionList struct {
	IsIncomplete bool             `json:"isIncomplete"`
	Items        []CompletionItem `json:"items"`
}

// Completion item kinds (the protocol's numbers).
const (
	ckText      = 1
	ckMethod    = 2
	ckFunction  = 3
	ckField     = 5
	ckVariable  = 6
	ckClass     = 7
	ckModule    = 9
	ckProperty  = 10
	ckValue     = 12
	ckEnum      = 13
	ckKeyword   = 14
	ckSnippet   = 15
	ckConstant  = 21
	ckStruct    = 22
	ckEvent     = 23
	ckTypeParam = 25
)

// TextEdit replaces a range with text.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// DocumentSymbol is one entry of the outline; Kind is LSP's SymbolKind.
type DocumentSymbol struct {
	Name           string           `json:"name"`
	Detail         string           `json:"detail,omitempty"`
	Kind           int              `json:"kind"`
	Range          Range            `json:"range"`
	SelectionRange Range            `json:"selectionRange"`
	Children       []DocumentSymbol `json:"children,omitempty"`
}

// Symbol kinds (the protocol's numbers).
const (
	symFile       = 1
	symModule     = 2
	symNamespace  = 3
	symClass      = 5
	symMethod     = 6
	symProperty   = 7
	symField      = 8
	symEnum       = 10
	symEnumMember = 22
	symFunction   = 12
	symVariable   = 13
	symConstant   = 14
	symObject     = 19
	symStruct     = 23
	symEvent      = 24
	symOperator   = 25
)
